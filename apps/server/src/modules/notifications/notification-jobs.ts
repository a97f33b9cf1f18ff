import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../plugins/jobs';
import { JOB_NAMES } from './job-names';
import { alertRidersOfNewRide } from './new-match-alerts';
import { sendTripReminders } from './trip-reminders';

/** The jobs behind the notification centre (issue 9, decision 012). */
export const notificationJobs = (app: FastifyInstance): JobDefinition[] => [
  {
    name: JOB_NAMES.reminders,
    // Every minute: a reminder lands within a minute of two hours before the trip.
    cron: '* * * * *',
    handle: async () => void (await sendTripReminders(app)),
  },
  {
    name: JOB_NAMES.newRide,
    handle: async (data) => {
      if (typeof data.rideRequestId === 'string')
        await alertRidersOfNewRide(app, data.rideRequestId);
    },
  },
];
