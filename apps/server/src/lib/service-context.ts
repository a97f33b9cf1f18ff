import type { FastifyInstance } from 'fastify';

/** What services need from the app: database, clock, secrets, config, mail, log, live events. */
export type ServiceContext = Pick<
  FastifyInstance,
  | 'db'
  | 'now'
  | 'secrets'
  | 'config'
  | 'mailer'
  | 'sms'
  | 'log'
  | 'notifyUser'
  | 'removeFromChat'
  | 'routeProvider'
  | 'limits'
  | 'sessions'
  | 'jobs'
>;
