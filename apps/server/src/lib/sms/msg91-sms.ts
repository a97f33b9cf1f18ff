import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { postToProvider, SmsError, type SmsSender } from './sms-sender';

/**
 * MSG91's Flow API (India's DLT rules require a registered template): POST /api/v5/flow with the
 * `authkey` header and JSON { template_id, short_url, recipients: [{ mobiles, ...variables }] };
 * `mobiles` is the number with its country code and no plus. It answers { type, message }.
 */
export function createMsg91Sender(config: Config, log: FastifyBaseLogger): SmsSender {
  const url = `${config.MSG91_API_URL}/api/v5/flow`;
  return {
    async send(message) {
      const answer = (await postToProvider(url, {
        headers: {
          authkey: config.MSG91_AUTH_KEY!,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          template_id: config.MSG91_TEMPLATE_ID,
          short_url: '0',
          recipients: [{ mobiles: message.to.replace(/^\+/, ''), ...message.variables }],
        }),
      })) as { type?: string; message?: string } | null;
      if (answer?.type !== 'success') {
        throw new SmsError(`MSG91 refused the SMS: ${answer?.message ?? 'no answer'}`);
      }
      log.info({ to: message.to, request: answer.message }, 'SMS sent (MSG91)');
    },
  };
}
