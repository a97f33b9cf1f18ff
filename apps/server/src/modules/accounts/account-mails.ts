import { OTP_TTL_MINUTES } from '@aeropool/contract/limits';
import { PRODUCT_NAME } from '@aeropool/contract/product';
import type { MailMessage } from '../../lib/mailer';
import { escapeHtml, layoutHtml, mailDateTime } from '../../lib/mail-layout';

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

/**
 * After a password change or reset: the owner hears of it, so a change they did not make (a
 * stolen session, a mailbox taken over) does not go unnoticed. `reactivated`: the reset also
 * brought back a deactivated account (decision 007).
 */
export function passwordChangedMail(
  to: { email: string; firstName: string },
  at: Date,
  supportEmail: string,
  { reactivated = false } = {},
): MailMessage {
  const subject = `${PRODUCT_NAME}: your password was changed`;
  const lines = [
    `Hi ${to.firstName},`,
    `The password of your ${PRODUCT_NAME} account was changed on ${mailDateTime(at)} (IST). Every other device was signed out.`,
    ...(reactivated ? ['Your account, which you had deactivated, is active again.'] : []),
    `If this was not you, reset your password now with "Forgot Password?" on the login page, and write to ${supportEmail}.`,
  ];
  return {
    to: to.email,
    subject,
    text: lines.join('\n\n'),
    html: layoutHtml(subject, lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')),
  };
}
