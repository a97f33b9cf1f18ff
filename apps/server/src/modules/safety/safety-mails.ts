import { PRODUCT_NAME } from '@aeropool/contract/product';
import type { RideRequest } from '@aeropool/contract/rides';
import type { ReportReason } from '@aeropool/contract/safety';
import { escapeHtml, layoutHtml } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';
import { describeTrip, tripMail } from '../matching/match-mails';

/**
 * To the blocker: the match their block cancelled, or the cab of three they left by it (the
 * others hear of a cancellation, or of a leave).
 */
export function blockerMail(
  request: RideRequest,
  publicUrl?: string,
  { leftCab = false } = {},
): MailMessage {
  return tripMail(
    request.rider.email,
    leftCab
      ? `${PRODUCT_NAME}: you left the shared cab`
      : `${PRODUCT_NAME}: your match was cancelled`,
    [
      `Hi ${request.rider.firstName},`,
      leftCab
        ? 'You blocked a co-rider, so you left the shared cab; the others ride on. You will not see each other again.'
        : 'You blocked your co-rider, so your match was cancelled. You will not see each other again.',
      `Your ride request is open again: ${describeTrip(request)}.`,
      'Find another co-rider in My Trips.',
    ],
    publicUrl && `${publicUrl}/dashboard`,
    // The rider's own action, confirmed whatever their settings: no switch turns it off.
    { isNotice: false },
  );
}

type ReportFacts = {
  reference: string;
  reason: ReportReason;
  description: string;
  reporter: { id: string; name: string; firstName: string; email: string };
  reported: { id: string; name: string; email: string };
};

/** To SUPPORT_EMAIL: both riders' ids, so the desk finds them at once. */
export function reportTeamMail(to: string, report: ReportFacts): MailMessage {
  const subject = `[${report.reference}] Rider report: ${report.reason}`;
  const lines = [
    `New rider report ${report.reference} (${report.reason})`,
    `Reporter: ${report.reporter.name} <${report.reporter.email}>, id ${report.reporter.id}`,
    `Reported: ${report.reported.name} <${report.reported.email}>, id ${report.reported.id}`,
  ];
  return {
    to,
    subject,
    text: [...lines, '', report.description].join('\n'),
    html: layoutHtml(
      subject,
      `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}
       <p style="white-space:pre-wrap">${escapeHtml(report.description)}</p>`,
    ),
  };
}

export function reportReceiptMail(report: ReportFacts): MailMessage {
  const subject = `${PRODUCT_NAME}: we received your report ${report.reference}`;
  const lines = [
    `Hi ${report.reporter.firstName},`,
    `Thank you for telling us. Your report ${report.reference} (${report.reason}) is with our team, and we review every report.`,
    'You have blocked this rider: neither of you will see the other again.',
    'If you are in danger, call 112.',
  ];
  return {
    to: report.reporter.email,
    subject,
    text: lines.join('\n'),
    html: layoutHtml(subject, lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')),
  };
}
