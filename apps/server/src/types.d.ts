import type { Config } from './config';
import type { Db } from './db/database';
import type { Mailer } from './lib/mailer';
import type { Secrets } from './lib/secrets';
import type { preHandlerAsyncHookHandler } from 'fastify';

// Declaration merging needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    secrets: Secrets;
    now: () => Date;
    /** preHandler that requires a valid session token and sets request.userId. */
    authenticate: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    userId: string;
  }
}
