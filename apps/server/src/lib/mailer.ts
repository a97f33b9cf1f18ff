import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
};

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

type MailerOptions = {
  smtpUrl?: string;
  from: string;
  /** Where messages are written as .eml files when no SMTP server is configured. */
  outboxDir?: string;
  log: FastifyBaseLogger;
};

/**
 * SMTP when SMTP_URL is set. Otherwise each message is written to the log and to an .eml file
 * under DATA_DIR/outbox, so a newcomer can sign up (and read the OTP) with no configuration.
 */
export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  // nodemailer is loaded with the first message, not at every start (issue 7: cold start).
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      smtpUrl
        ? nodemailer.createTransport(smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  // A transport that never loaded has nothing to close (its sends failed with the reason).
  const close = () =>
    void transport?.then(
      (opened) => opened.close(),
      () => undefined,
    );

  if (smtpUrl) {
    return {
      async send(message) {
        await (await transporter()).sendMail({ from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close,
    };
  }

  return {
    async send(message) {
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
    },
    close,
  };
}
