import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { LimitStore } from '../lib/rate-limit/limit-store';

/** A named limit: at most `max` hits per subject (a rider, an address, a pair) per window. */
export type LimitRule = {
  name: string;
  max: number;
  windowMs: number;
  /** The 429's text; gets the seconds until the window ends. */
  message?: (retryAfterSeconds: number) => string;
};

export type LimitVerdict = { allowed: boolean; retryAfterSeconds: number };

export type Limits = {
  store: LimitStore;
  /** Counts one hit; answers whether it was within the limit. */
  check(rule: LimitRule, subject: string): Promise<LimitVerdict>;
  /** Counts one hit; throws a 429 saying when to try again once past the limit. */
  consume(rule: LimitRule, subject: string): Promise<void>;
  /**
   * `consume`, then `work`; the hit is given back if the work fails (or only for the failures
   * `givesBack` picks), so only what was done is counted. Call it outside a transaction: on
   * PostgreSQL the store takes a connection of its own, and a transaction waiting for a second
   * connection can exhaust the pool.
   */
  consumeFor<T>(
    rule: LimitRule,
    subject: string,
    work: () => Promise<T>,
    givesBack?: (error: unknown) => boolean,
  ): Promise<T>;
};

const keyOf = (rule: LimitRule, subject: string) => `${rule.name}|${subject}`;

/** A limit's wait for its message, in whole minutes: "1 minute", "12 minutes". */
export const inMinutes = (seconds: number): string => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

const defaultMessage = (seconds: number) =>
  `Too many attempts. Please try again in ${seconds} seconds.`;

/** Per-rider and per-recipient limits, counted in the store every instance shares. */
export default fp(async function limitsPlugin(
  app: FastifyInstance,
  options: { store: LimitStore },
) {
  const { store } = options;
  const check: Limits['check'] = async (rule, subject) => {
    const nowMs = app.now().getTime();
    const hit = await store.hit(keyOf(rule, subject), rule.windowMs, nowMs);
    return {
      allowed: hit.count <= rule.max,
      retryAfterSeconds: Math.max(1, Math.ceil((hit.resetAtMs - nowMs) / 1000)),
    };
  };
  const consume: Limits['consume'] = async (rule, subject) => {
    const verdict = await check(rule, subject);
    if (verdict.allowed) return;
    throw new AppError(
      'TOO_MANY_REQUESTS',
      (rule.message ?? defaultMessage)(verdict.retryAfterSeconds),
      { retryAfterSeconds: verdict.retryAfterSeconds },
    );
  };
  app.decorate('limits', {
    store,
    check,
    consume,
    async consumeFor(rule, subject, work, givesBack = () => true) {
      await consume(rule, subject);
      try {
        return await work();
      } catch (error) {
        // The work's own error is the answer; a store that cannot give the hit back keeps it.
        if (givesBack(error)) await store.release(keyOf(rule, subject)).catch(() => undefined);
        throw error;
      }
    },
  } satisfies Limits);
  app.addHook('onClose', async () => store.close());
});
