import type {
  FastifyInstance,
  FastifyServerOptions,
  InjectOptions,
  LightMyRequestResponse,
} from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import type { LimitStore } from '../lib/rate-limit/limit-store';
import { loadSecrets } from '../lib/secrets';
import type { SmsMessage } from '../lib/sms/sms-sender';
import { otpFrom, startMailCapture, type CapturedMail, type MailCapture } from './mail-capture';
import { openTestDatabase } from './test-database';

export type TestClock = { now(): Date; advance(ms: number): void; set(date: Date): void };

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  mail: MailCapture;
  /** SMS the app sent (unless the test named its own SMS_PROVIDER). */
  sms: SmsMessage[];
  /** The six-digit code in the last SMS to `phone`. */
  smsCode(phone: string): string;
  clock: TestClock;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  signUp(input?: Partial<SignUpInput>): Promise<SignedUpUser>;
  /** Listens on a free loopback port (for socket tests) and returns its base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
};

type SignUpInput = { firstName: string; lastName: string; email: string; password: string };
export type SignedUpUser = SignUpInput & { id: string; token: string };

let counter = 0;
export const uniqueEmail = (prefix = 'rider') =>
  `${prefix}.${Date.now().toString(36)}.${(counter += 1)}@example.com`;

const createClock = (): TestClock => {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
    set: (date) => {
      offset = date.getTime() - Date.now();
    },
  };
};

/** Parts a test builds itself from the test's database (e.g. a limit store on it). */
export type TestDeps = { limitStore?: (database: Database) => LimitStore };

/** The real app on a clean database with a real SMTP server catching its mail. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: FastifyServerOptions = {},
  deps: TestDeps = {},
): Promise<TestApp> {
  const mail = await startMailCapture();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SMTP_URL: mail.url,
    DATA_DIR: '/nonexistent-aeropool-test',
    // Every rider in a test file signs up from one address; rate-limit tests set their own.
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    JOB_RUNNER: 'false',
    ...env,
  });
  const { database, drop } = await openTestDatabase({
    poolWaitMs: config.DATABASE_POOL_WAIT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  });
  const clock = createClock();
  const sms: SmsMessage[] = [];
  const app = await buildApp(
    {
      config,
      database,
      secrets: loadSecrets(config),
      now: clock.now,
      ...(deps.limitStore ? { limitStore: deps.limitStore(database) } : {}),
      ...(env.SMS_PROVIDER ? {} : { sms: { send: async (message) => void sms.push(message) } }),
    },
    options,
  );
  await app.ready();

  const request: TestApp['request'] = ({ token, headers, ...options }) =>
    app.inject({
      ...options,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  /** True for a mail to its recipient that came after the first `earlier` ones. */
  const isNewerThan = (message: CapturedMail, earlier: number) =>
    mail.messages.filter((m) => m.to.some((to) => message.to.includes(to))).indexOf(message) >=
    earlier;

  const signUp: TestApp['signUp'] = async (input = {}) => {
    const user: SignUpInput = {
      firstName: 'Asha',
      lastName: 'Rao',
      email: uniqueEmail(),
      password: 'secret123',
      ...input,
    };
    const earlier = mail.messages.filter((m) => m.to.includes(user.email)).length;
    const generated = await request({
      method: 'POST',
      url: '/api/otp/generate',
      payload: { email: user.email, purpose: 'signup' },
    });
    if (generated.statusCode !== 201) throw new Error(`otp/generate: ${generated.body}`);
    const otp = otpFrom(await mail.waitFor(user.email, (m) => isNewerThan(m, earlier)));
    const verified = await request({
      method: 'POST',
      url: '/api/otp/verify',
      payload: { email: user.email, otp },
    });
    const verificationToken = verified.json().entities[0].verificationToken as string;
    const created = await request({
      method: 'POST',
      url: '/api/user/create',
      payload: { ...user, verificationToken },
    });
    if (created.statusCode !== 201) throw new Error(`user/create: ${created.body}`);
    const body = created.json();
    return { ...user, id: body.entities[0]._id, token: body.token };
  };

  return {
    app,
    database,
    mail,
    sms,
    smsCode(phone) {
      const last = sms.filter((message) => message.to === phone).at(-1);
      const code = last && /\b(\d{6})\b/.exec(last.text)?.[1];
      if (!code) throw new Error(`no SMS code for ${phone}`);
      return code;
    },
    clock,
    request,
    signUp,
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    },
    async close() {
      await app.close();
      await drop();
      await mail.close();
    },
  };
}
