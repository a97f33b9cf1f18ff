import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; from: string; raw: string; subject: string };

export type MailCapture = {
  url: string;
  messages: CapturedMail[];
  /** Resolves with the first mail to `to` (after `since` messages) that matches, or fails after a timeout. */
  waitFor(
    to: string,
    match?: (mail: CapturedMail) => boolean,
    timeoutMs?: number,
  ): Promise<CapturedMail>;
  /**
   * Stops answering at the end of each message, as a stalled mail server would, until
   * `release()`: the sender waits for the server's reply.
   */
  hold(): void;
  /** Answers the messages held (refused, if `refuse` is on by then) and takes new ones at once again. */
  release(): void;
  /** Messages received and not yet answered. */
  held(): number;
  /** Refuses every message with this SMTP reply code (4xx: try later, 5xx: for good), until called with nothing. */
  refuse(code?: number): void;
  /** How many messages it refused. */
  refused(): number;
  close(): Promise<void>;
};

const decodeQ = (text: string) => {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '_') bytes.push(0x20);
    else if (text[i] === '=') {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
};

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII. */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQ(text),
    );

/** A header's value, folded lines joined and encoded words decoded. */
export const headerOf = (raw: string, name: string) => {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return decodeWords(new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '');
};

/** Extracts the six-digit code from an OTP mail's subject. */
export const otpFrom = (mail: CapturedMail): string => {
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no OTP in mail "${mail.subject}"`);
  return code;
};

/**
 * A real SMTP server on loopback (npm smtp-server) that keeps what it receives; with `dir` each
 * mail is also written as a file so another process (Playwright workers) can read it.
 */
export async function startMailCapture(
  options: { port?: number; dir?: string } = {},
): Promise<MailCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  let held: (() => void)[] | undefined;
  let refusal: number | undefined;
  let refusedCount = 0;
  if (options.dir) fs.mkdirSync(options.dir, { recursive: true });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A message held is answered as the server stands when it is released.
      const answer = () => {
        if (refusal !== undefined) {
          refusedCount += 1;
          callback(Object.assign(new Error('Not now'), { responseCode: refusal }));
        } else keep();
      };
      stream.on('end', () => (held ? held.push(answer) : answer()));
      const keep = () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: CapturedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw,
          subject: headerOf(raw, 'Subject'),
        };
        messages.push(mail);
        if (options.dir) {
          const file = `${Date.now()}-${messages.length}-${mail.to[0]}.eml`;
          fs.writeFileSync(path.join(options.dir, file), raw);
        }
        for (const wake of waiters) wake();
        callback();
      };
    },
  });

  // A sender killed mid-connection (the cluster test's SIGKILL) resets its socket; smtp-server
  // re-emits that here, and without a listener it would fail the run as an unhandled error.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, match = () => true, timeoutMs = 5000) {
      const find = () => messages.find((m) => m.to.includes(to.toLowerCase()) && match(m));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          const mail = find();
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
      });
    },
    hold: () => void (held ??= []),
    release() {
      const answers = held ?? [];
      held = undefined;
      for (const answer of answers) answer();
    },
    held: () => held?.length ?? 0,
    refuse: (code) => void (refusal = code),
    refused: () => refusedCount,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
