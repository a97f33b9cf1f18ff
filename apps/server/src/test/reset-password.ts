import { otpFrom } from './mail-capture';
import type { TestApp } from './test-app';

/** The forgotten-password flow as the web runs it: a reset code by mail, verified, then the reset. */
export async function resetPassword(t: TestApp, email: string, password: string) {
  const post = (url: string, payload: object) => t.request({ method: 'POST', url, payload });
  const before = t.mail.messages.filter((m) => m.to.includes(email)).length;
  const generated = await post('/api/otp/generate', { email, purpose: 'reset' });
  if (generated.statusCode !== 201) return generated;
  const mail = await t.mail.waitFor(
    email,
    (m) => t.mail.messages.filter((x) => x.to.includes(email)).indexOf(m) >= before,
  );
  const verified = await post('/api/otp/verify', { email, otp: otpFrom(mail) });
  return t.request({
    method: 'PUT',
    url: '/api/user/forgotpassword',
    payload: { email, password, verificationToken: verified.json().entities[0].verificationToken },
  });
}
