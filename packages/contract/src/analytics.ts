import { z } from 'zod';

export const pageViewBodySchema = z.object({
  path: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^\/[\x21-\x7e]*$/, 'Path must start with / and hold no spaces or control characters'),
});
export type PageViewBody = z.infer<typeof pageViewBodySchema>;
