import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createMsg91Sender } from './msg91-sms';
import { createOutboxSender } from './outbox-sms';
import { createTwilioSender } from './twilio-sms';

export type SmsMessage = {
  /** E.164, e.g. +919876543210. */
  to: string;
  text: string;
  /** Template variables for providers that send registered templates (MSG91), e.g. { otp }. */
  variables?: Record<string, string>;
};

export type SmsSender = { send(message: SmsMessage): Promise<void> };

/** A provider refused or could not be reached: logged by the caller, never shown raw. */
export class SmsError extends Error {}

/**
 * SMS_PROVIDER picks the adapter: `outbox` (default: the log and a file under
 * DATA_DIR/outbox/sms, so a newcomer can verify a phone with no configuration), `twilio` or
 * `msg91` (real SMS, credentials in the environment).
 */
export function createSmsSender(config: Config, log: FastifyBaseLogger, outboxDir: string) {
  switch (config.SMS_PROVIDER) {
    case 'twilio':
      return createTwilioSender(config, log);
    case 'msg91':
      return createMsg91Sender(config, log);
    default:
      return createOutboxSender(outboxDir, log);
  }
}

/** POSTs to a provider with a deadline; a non-2xx answer becomes an SmsError with its text. */
export async function postToProvider(
  url: string,
  init: { headers: Record<string, string>; body: string },
  timeoutMs = 10_000,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new SmsError(`SMS provider unreachable: ${(error as Error).message}`);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new SmsError(`SMS provider answered ${response.status}: ${JSON.stringify(payload)}`);
  }
  return payload;
}
