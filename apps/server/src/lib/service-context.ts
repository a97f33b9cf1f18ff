import type { FastifyInstance } from 'fastify';

/** What services need from the app: the database, clock, secrets, config, mail and log. */
export type ServiceContext = Pick<
  FastifyInstance,
  'db' | 'now' | 'secrets' | 'config' | 'mailer' | 'log'
>;
