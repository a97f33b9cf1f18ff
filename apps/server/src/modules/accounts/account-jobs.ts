import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pruneOutbox } from '../../lib/outbox-prune';
import type { JobDefinition } from '../../plugins/jobs';
import { tidyAccounts } from './account-housekeeping';

export const ACCOUNT_JOB_NAMES = { tidy: 'accounts-tidy' } as const;

/** As long as a code's row is kept (account-housekeeping.ts): a day. */
const OUTBOX_KEPT_MS = 86_400_000;

/** The accounts' scheduled work (decision 007). */
export const accountJobs = (app: FastifyInstance): JobDefinition[] => [
  {
    name: ACCOUNT_JOB_NAMES.tidy,
    // Daily, at a quiet hour in Bengaluru, after the notifications' prune.
    cron: '40 3 * * *',
    handle: async () => {
      const tidied = await tidyAccounts(app);
      // The files' own age, not the app's clock: they were written at real times.
      const outboxFilesDeleted = await pruneOutbox(
        path.join(app.config.dataDir, 'outbox'),
        new Date(Date.now() - OUTBOX_KEPT_MS),
      );
      app.log.info({ ...tidied, outboxFilesDeleted }, 'accounts tidied');
    },
  },
];
