import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from './sms-sender';

/** The zero-configuration SMS: one text file per message under DATA_DIR/outbox/sms, and the log. */
export function createOutboxSender(outboxDir: string, log: FastifyBaseLogger): SmsSender {
  return {
    async send(message) {
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/\D/g, '')}-${randomUUID()}.txt`,
      );
      await fs.writeFile(file, `To: ${message.to}\n\n${message.text}\n`, { mode: 0o600 });
      log.info({ to: message.to, file, text: message.text }, 'SMS written to outbox (no provider)');
    },
  };
}
