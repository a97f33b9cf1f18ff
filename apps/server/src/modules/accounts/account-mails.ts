import { OTP_TTL_MINUTES } from '@aeropool/contract/limits';
import { PRODUCT_NAME } from '@aeropool/contract/product';
import type { MailMessage } from '../../lib/mailer';
import { escapeHtml, layoutHtml } from '../../lib/mail-layout';

export function otpMail(to: string, code: string, purpose: 'signup' | 'reset'): MailMessage {
  const action = purpose === 'signup' ? 'verify your e-mail' : 'reset your password';
  const subject =
    purpose === 'signup'
      ? `${code} is your ${PRODUCT_NAME} verification code`
      : `${code} is your ${PRODUCT_NAME} password reset code`;
  const text = [
    `Your ${PRODUCT_NAME} code is ${code}.`,
    '',
    `Enter it to ${action}. It is valid for ${OTP_TTL_MINUTES} minutes.`,
    `If you did not ask for it, you can ignore this e-mail.`,
  ].join('\n');
  const html = layoutHtml(
    subject,
    `<p>Enter this code to ${escapeHtml(action)}:</p>
     <p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:16px 0">${escapeHtml(code)}</p>
     <p>It is valid for ${OTP_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.</p>`,
  );
  return { to, subject, text, html };
}
