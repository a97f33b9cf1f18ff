import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../plugins/jobs';
import { pendingMailSchema } from '../../lib/mailer';
import { closeAsksToSetOffCabs } from '../matching/set-off-asks';
import { JOB_NAMES } from './job-names';
import { alertRidersOfNewRide } from './new-match-alerts';
import { pruneNotifications } from './prune-notifications';
import { sendTripReminders } from './trip-reminders';

/** The jobs behind the notification centre (issue 9, decision 012) and its mails (decision 017). */
export const notificationJobs = (app: FastifyInstance): JobDefinition[] => [
  {
    name: JOB_NAMES.reminders,
    // Every minute: a reminder lands within a minute of two hours before the trip.
    cron: '* * * * *',
    handle: async () => void (await sendTripReminders(app)),
  },
  {
    name: JOB_NAMES.setOffAsks,
    // Every minute: an asker hears within a minute that the cab they asked to join has left.
    cron: '* * * * *',
    handle: async () => void (await closeAsksToSetOffCabs(app)),
  },
  {
    name: JOB_NAMES.newRide,
    handle: async (data) => {
      if (typeof data.rideRequestId === 'string')
        await alertRidersOfNewRide(app, data.rideRequestId);
    },
  },
  {
    name: JOB_NAMES.prune,
    // Daily, at a quiet hour in Bengaluru (the schedules run in Asia/Kolkata).
    cron: '30 3 * * *',
    handle: async () => {
      const pruned = await pruneNotifications(app);
      app.log.info({ pruned }, 'old notifications deleted');
    },
  },
  {
    name: JOB_NAMES.noticeMail,
    // Never fails: an attempt that does not send is queued again or logged by the mailer. One
    // retry is for an instance that died mid-send (its job expires after a send's timeouts).
    queue: { retryLimit: 1, expireInSeconds: 120, deleteAfterSeconds: 60 },
    handle: async (data) => {
      const mail = pendingMailSchema.safeParse(data);
      if (mail.success) await app.mailer.tryAgain(mail.data);
      else app.log.error({ issues: mail.error.issues }, 'queued notice mail unreadable');
    },
  },
];
