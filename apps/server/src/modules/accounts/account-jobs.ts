import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../plugins/jobs';
import { tidyAccounts } from './account-housekeeping';

export const ACCOUNT_JOB_NAMES = { tidy: 'accounts-tidy' } as const;

/** The accounts' scheduled work (decision 007). */
export const accountJobs = (app: FastifyInstance): JobDefinition[] => [
  {
    name: ACCOUNT_JOB_NAMES.tidy,
    // Daily, at a quiet hour in Bengaluru, after the notifications' prune.
    cron: '40 3 * * *',
    handle: async () => {
      app.log.info(await tidyAccounts(app), 'accounts tidied');
    },
  },
];
