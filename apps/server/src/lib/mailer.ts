import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

const mailMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  replyTo: z.string().optional(),
  /** Extra headers (List-Unsubscribe); nodemailer writes them as given. */
  headers: z.record(z.string(), z.string()).optional(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

/**
 * A notice mail between its attempts: what a queue holds until the next one is due (read back
 * from the database with this schema). `failure` is what to log if it is given up; `attempts`
 * the attempts made so far.
 */
export const pendingMailSchema = z.object({
  message: mailMessageSchema,
  failure: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
  attempts: z.number().int().nonnegative(),
});
export type PendingMail = z.infer<typeof pendingMailSchema>;

/** Keeps a notice mail until `delayMs` have passed, then hands it to `Mailer.tryAgain`. */
export type MailRetryQueue = (mail: PendingMail, delayMs: number) => Promise<void>;

export type Mailer = {
  /** Sends and answers once the server took the message: for a mail someone waits on (a code). */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends without holding up the caller (a notice about something already done). A mail server
   * out of reach or answering "try later" is asked again a few times over about ten minutes; a
   * mail still not sent then, or refused for good, is logged as `failure`, with `details`.
   */
  sendLater(message: MailMessage, failure: string, details?: Record<string, unknown>): void;
  /**
   * Where notices wait for their next attempt from now on: a queue in the database (decision
   * 017), so a restart loses none and any instance may send it. Without one, or when it refuses a
   * mail, they wait in this process's memory.
   */
  keepRetriesIn(queue: MailRetryQueue): void;
  /** The next attempt of a mail the queue held; never rejects (a failure is queued or logged). */
  tryAgain(mail: PendingMail): Promise<void>;
  /**
   * As the app closes: waits (a few seconds at most, shared with close()) until no mail is being
   * sent, those begun meanwhile included, while a failure among them can still be queued.
   */
  settle(): Promise<void>;
  /** Waits a moment for the mails still being sent, then closes the connection. */
  close(): Promise<void>;
};

/**
 * How long the SMTP server may take to accept the connection, to greet, or to go quiet in the
 * middle of a message; nodemailer's own defaults are 2 min, 30 s and 10 min, longer than any
 * rider waits for a code or a balancer for an answer. A query on SMTP_URL
 * (`?greetingTimeout=…`) overrides them.
 */
export const SMTP_TIMEOUTS = {
  dnsTimeout: 10_000,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
};
/**
 * How long a closing app waits, in all, for mails still being sent: settle() and close() share
 * it, within the server's 10 s grace after SIGTERM (serve.ts) with the job runner's stop.
 */
const CLOSE_WAIT_MS = 4000;
const CLOSED_FIRST = ' (the app closed before it was sent)';
/** When a notice mail is tried again after a failure: a mail server's restart or a short outage. */
export const MAIL_RETRY_DELAYS_MS = [30_000, 120_000, 600_000];

/**
 * A refusal for good (an SMTP 5xx reply: no such mailbox, message rejected) is not asked again;
 * anything else (no connection, a timeout, a 4xx "try again later") may pass later.
 */
const worthTryingAgain = (error: unknown) => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return !(typeof code === 'number' && code >= 500);
};

type MailerOptions = {
  smtpUrl?: string;
  from: string;
  /** Where messages are written as .eml files when no SMTP server is configured. */
  outboxDir?: string;
  log: FastifyBaseLogger;
  /** Waits before each new attempt of a mail sent later (tests shorten them). */
  retryDelaysMs?: readonly number[];
};

/**
 * SMTP when SMTP_URL is set. Otherwise each message is written to the log and to an .eml file
 * under DATA_DIR/outbox, so a newcomer can sign up (and read the OTP) with no configuration.
 */
export function createMailer({
  smtpUrl,
  from,
  outboxDir,
  log,
  retryDelaysMs = MAIL_RETRY_DELAYS_MS,
}: MailerOptions): Mailer {
  // nodemailer is loaded with the first message, not at every start (issue 7: cold start).
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= Promise.all([
      import('nodemailer'),
      import('nodemailer/lib/smtp-transport/index.js'),
    ]).then(([{ default: nodemailer }, { default: SMTPTransport }]) =>
      smtpUrl
        ? // The transport itself, not createTransport's options: those take a URL or options.
          nodemailer.createTransport(new SMTPTransport({ ...SMTP_TIMEOUTS, url: smtpUrl }))
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const sending = new Set<Promise<void>>();
  /** Mails waiting for their next attempt, with what to log if the app closes first. */
  const waiting = new Map<NodeJS.Timeout, () => void>();
  let closing = false;
  let retryQueue: MailRetryQueue | undefined;
  /** Set by the first settle() or close(): the waits of a closing app share one deadline. */
  let stopBy: number | undefined;
  const settle = async () => {
    const deadline = (stopBy ??= Date.now() + CLOSE_WAIT_MS);
    while (sending.size > 0 && Date.now() < deadline) {
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(sending),
        new Promise((resolve) => (waited = setTimeout(resolve, deadline - Date.now()))),
      ]);
      clearTimeout(waited);
    }
  };
  const withBackground = (send: Mailer['send']): Mailer => {
    const givenUp = (mail: PendingMail, error: unknown, attempts: number, why = '') =>
      log.error({ err: error, ...mail.details, attempts }, `${mail.failure}${why}`);
    const holdInMemory = (next: PendingMail, delayMs: number, error: unknown) => {
      const dropped = () => givenUp(next, error, next.attempts, CLOSED_FIRST);
      const timer = setTimeout(() => {
        waiting.delete(timer);
        // Due while the app closes: close() already took stock of what was being sent.
        if (closing) dropped();
        else void attempt(next);
      }, delayMs);
      // A mail waiting to be tried again does not keep a finished process alive.
      timer.unref();
      waiting.set(timer, dropped);
    };
    /** Stored by the queue, or false when there is none or it could not take the mail. */
    const queued = (next: PendingMail, delayMs: number) =>
      retryQueue
        ? retryQueue(next, delayMs).then(
            () => true,
            (error: unknown) => {
              log.warn({ err: error }, 'mail retry not queued; held in memory instead');
              return false;
            },
          )
        : Promise.resolve(false);
    const attempt = (mail: PendingMail): Promise<void> => {
      const sent = send(mail.message)
        .catch(async (error: unknown) => {
          const delayMs = retryDelaysMs[mail.attempts];
          const next = { ...mail, attempts: mail.attempts + 1 };
          if (delayMs === undefined || !worthTryingAgain(error))
            return givenUp(mail, error, next.attempts);
          // Queued even while the app closes: the next start, or another instance, sends it.
          if (!(await queued(next, delayMs))) {
            if (closing) return givenUp(mail, error, next.attempts, CLOSED_FIRST);
            holdInMemory(next, delayMs, error);
          }
          log.warn(
            { err: error, ...mail.details, retryInMs: delayMs },
            `${mail.failure}; trying again`,
          );
        })
        .finally(() => sending.delete(sent));
      sending.add(sent);
      return sent;
    };
    return {
      send,
      sendLater: (message, failure, details) =>
        void attempt({ message, failure, ...(details ? { details } : {}), attempts: 0 }),
      keepRetriesIn(queue) {
        retryQueue = queue;
      },
      tryAgain: attempt,
      settle,
      async close() {
        closing = true;
        await settle();
        for (const [timer, dropped] of waiting) {
          clearTimeout(timer);
          dropped();
        }
        waiting.clear();
        // A transport that never loaded has nothing to close (its sends failed with the reason).
        await transport?.then(
          (opened) => opened.close(),
          () => undefined,
        );
      },
    };
  };

  if (smtpUrl) {
    return withBackground(async (message) => {
      const info = await (await transporter()).sendMail({ from, ...message });
      // Not the subject: a code mail's subject is its code, and the log outlives the code.
      log.info({ to: message.to, messageId: info.messageId }, 'mail sent');
    });
  }

  return withBackground(async (message) => {
    const info = await (await transporter()).sendMail({ from, ...message });
    let file: string | undefined;
    if (outboxDir) {
      await fs.mkdir(outboxDir, { recursive: true });
      file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
    }
    log.info(
      { to: message.to, subject: message.subject, file, text: message.text },
      'mail written to outbox (no SMTP_URL)',
    );
  });
}
