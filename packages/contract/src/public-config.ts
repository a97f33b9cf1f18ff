import { z } from 'zod';

/** What the SPA needs to know about this server at run time (it is built once for all). */
export const publicConfigSchema = z.object({
  googleClientId: z.string().nullable(),
  supportEmail: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
