import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../plugins/jobs';
import { pruneTripShares } from './prune-trip-shares';

export const TRIP_SHARE_JOB_NAMES = { prune: 'trip-shares-prune' } as const;

/** The trip links' scheduled work. */
export const tripShareJobs = (app: FastifyInstance): JobDefinition[] => [
  {
    name: TRIP_SHARE_JOB_NAMES.prune,
    // Daily, at a quiet hour in Bengaluru, after the accounts' tidy-up.
    cron: '50 3 * * *',
    handle: async () => {
      const pruned = await pruneTripShares(app);
      app.log.info({ pruned }, 'ended trip links deleted');
    },
  },
];
