import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { postToProvider, type SmsSender } from './sms-sender';

/**
 * Twilio's Programmable Messaging REST API: POST /2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded To, From and Body, HTTP Basic auth with the account SID and auth token.
 */
export function createTwilioSender(config: Config, log: FastifyBaseLogger): SmsSender {
  const sid = config.TWILIO_ACCOUNT_SID!;
  const url = `${config.TWILIO_API_URL}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`;
  const auth = Buffer.from(`${sid}:${config.TWILIO_AUTH_TOKEN!}`).toString('base64');
  return {
    async send(message) {
      const answer = (await postToProvider(url, {
        headers: {
          authorization: `Basic ${auth}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          To: message.to,
          From: config.TWILIO_FROM!,
          Body: message.text,
        }).toString(),
      })) as { sid?: string; status?: string };
      log.info({ to: message.to, sid: answer?.sid, status: answer?.status }, 'SMS sent (Twilio)');
    },
  };
}
