import { z } from 'zod';

export const pageViewBodySchema = z.object({
  path: z.string().trim().min(1).max(200).regex(/^\//, 'Path must start with /'),
});
export type PageViewBody = z.infer<typeof pageViewBodySchema>;
