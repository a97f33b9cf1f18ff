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
    const hit = await store.hit(`${rule.name}|${subject}`, rule.windowMs, nowMs);
    return {
      allowed: hit.count <= rule.max,
      retryAfterSeconds: Math.max(1, Math.ceil((hit.resetAtMs - nowMs) / 1000)),
    };
  };
  app.decorate('limits', {
    store,
    check,
    async consume(rule, subject) {
      const verdict = await check(rule, subject);
      if (verdict.allowed) return;
      throw new AppError(
        'TOO_MANY_REQUESTS',
        (rule.message ?? defaultMessage)(verdict.retryAfterSeconds),
        { retryAfterSeconds: verdict.retryAfterSeconds },
      );
    },
  } satisfies Limits);
  app.addHook('onClose', async () => store.close());
});
