import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../config';
import { startHttpStandIn, type HttpStandIn } from '../../test/http-stand-in';
import { createTestApp } from '../../test/test-app';

const standIns: HttpStandIn[] = [];
afterAll(async () => {
  for (const standIn of standIns) await standIn.close();
});

/** Signs a rider up with a phone on an app using `env`'s SMS provider, and asks for a code. */
async function askCodeWith(env: Record<string, string>) {
  const t = await createTestApp(env);
  const rider = await t.signUp();
  await t.request({
    method: 'PUT',
    url: `/api/user/${rider.id}`,
    token: rider.token,
    payload: { phone: '9876500001' },
  });
  const res = await t.request({ method: 'POST', url: '/api/user/phone/code', token: rider.token });
  return { t, rider, res };
}

describe('SMS providers', () => {
  it('outbox (the default): a text file under DATA_DIR/outbox/sms holding the code', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeropool-sms-'));
    onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { t, res } = await askCodeWith({ SMS_PROVIDER: 'outbox', DATA_DIR: dataDir });
    expect(res.statusCode).toBe(201);
    const dir = path.join(dataDir, 'outbox', 'sms');
    const [file] = fs.readdirSync(dir);
    const text = fs.readFileSync(path.join(dir, file!), 'utf8');
    expect(text).toMatch(/^To: \+919876500001\n\n\d{6} is your AeroPool phone verification code/);
    await t.close();
  });

  it('twilio: the Messages resource, form-encoded, with Basic auth', async () => {
    const twilio = await startHttpStandIn(() => ({
      status: 201,
      body: { sid: 'SM123', status: 'queued' },
    }));
    standIns.push(twilio);
    const { t, res } = await askCodeWith({
      SMS_PROVIDER: 'twilio',
      TWILIO_API_URL: twilio.url,
      TWILIO_ACCOUNT_SID: 'AC0001',
      TWILIO_AUTH_TOKEN: 'secret-token',
      TWILIO_FROM: '+15005550006',
    });
    expect(res.statusCode).toBe(201);
    const [sent] = twilio.requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.url.pathname).toBe('/2010-04-01/Accounts/AC0001/Messages.json');
    expect(sent!.headers.authorization).toBe(
      `Basic ${Buffer.from('AC0001:secret-token').toString('base64')}`,
    );
    const form = new URLSearchParams(sent!.body);
    expect(form.get('To')).toBe('+919876500001');
    expect(form.get('From')).toBe('+15005550006');
    expect(form.get('Body')).toMatch(/^\d{6} is your AeroPool phone verification code/);
    await t.close();
  });

  it('msg91: the Flow API with the template and the code as its otp variable', async () => {
    const msg91 = await startHttpStandIn(() => ({
      body: { type: 'success', message: '3463686b6b6a343536373839' },
    }));
    standIns.push(msg91);
    const { t, res } = await askCodeWith({
      SMS_PROVIDER: 'msg91',
      MSG91_API_URL: msg91.url,
      MSG91_AUTH_KEY: 'auth-key',
      MSG91_TEMPLATE_ID: 'tmpl-1',
    });
    expect(res.statusCode).toBe(201);
    const [sent] = msg91.requests;
    expect(sent!.url.pathname).toBe('/api/v5/flow');
    expect(sent!.headers.authkey).toBe('auth-key');
    const body = JSON.parse(sent!.body);
    expect(body).toMatchObject({
      template_id: 'tmpl-1',
      recipients: [{ mobiles: '919876500001', otp: expect.stringMatching(/^\d{6}$/) }],
    });
    await t.close();
  });

  it('a provider that refuses: 503 with a plain message, and the failed code does not count', async () => {
    const msg91 = await startHttpStandIn(() => ({
      body: { type: 'error', message: 'Invalid authkey' },
    }));
    standIns.push(msg91);
    const { t, rider, res } = await askCodeWith({
      SMS_PROVIDER: 'msg91',
      MSG91_API_URL: msg91.url,
      MSG91_AUTH_KEY: 'wrong',
      MSG91_TEMPLATE_ID: 'tmpl-1',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('We could not send the SMS right now. Please try again.');
    expect(res.body).not.toContain('authkey');
    // No 30-second cooldown from a code the rider never got.
    const again = await t.request({
      method: 'POST',
      url: '/api/user/phone/code',
      token: rider.token,
    });
    expect(again.statusCode).toBe(503);
    await t.close();
  });

  it('names the missing credentials when a provider is chosen without them', async () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_FROM: '+15005550006' })).toThrow(
      /TWILIO_ACCOUNT_SID: required when SMS_PROVIDER=twilio\n {2}TWILIO_AUTH_TOKEN: required/,
    );
  });
});
