import type { Config } from './config';
import type { Db } from './db/database';
import type { Mailer } from './lib/mailer';
import type { SmsSender } from './lib/sms/sms-sender';
import type { Secrets } from './lib/secrets';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { ServerToClientEvents } from '@aeropool/contract/socket-events';
import type { RealtimeServer } from './plugins/realtime';
import type { RouteProvider } from './lib/geo/router';
import type { Limits } from './plugins/limits';
import type { Jobs } from './plugins/jobs';
import type { Sessions } from './modules/accounts/sessions/session-service';
import type { MatchesCache } from './modules/matching/matches-cache';

// Declaration merging needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    /** SMS (phone verification codes): outbox by default, Twilio or MSG91 when configured. */
    sms: SmsSender;
    secrets: Secrets;
    now: () => Date;
    /** Sign-in sessions: issue, verify (cached, exact), revoke one or all of a user's. */
    sessions: Sessions;
    /** Hook that requires a live session token and sets request.userId and sessionId. */
    authenticate: preHandlerAsyncHookHandler;
    io: RealtimeServer;
    /** Road routes between terminal and place: straight by default, OSRM when configured. */
    routeProvider: RouteProvider;
    /** Rate limits per rider, recipient or address, shared by every instance. */
    limits: Limits;
    /** Potential-matches answers between changes, exact across instances (issue 7). */
    matchesCache: MatchesCache;
    /** Background jobs (pg-boss): reminders and new-match alerts run once across instances. */
    jobs: Jobs;
    /** Emits an event to every socket of one user (their own room). */
    notifyUser<E extends keyof ServerToClientEvents>(
      userId: string,
      event: E,
      ...args: Parameters<ServerToClientEvents[E]>
    ): void;
    /** Takes every socket of a rider who left a match out of its chat room, on every instance. */
    removeFromChat(userId: string, matchId: string): void;
  }
  interface FastifyRequest {
    userId: string;
    sessionId: string;
  }
}
