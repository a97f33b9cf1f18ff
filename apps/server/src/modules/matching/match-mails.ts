import { PRODUCT_NAME, TIME_ZONE } from '@aeropool/contract/product';
import type { RideRequest } from '@aeropool/contract/rides';
import { escapeHtml, layoutHtml, quoted } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';

const tripTime = (ms: number) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(ms);

export const describeTrip = (r: RideRequest) =>
  `${r.source.name} → ${r.destination.name}, ${tripTime(r.timeOfTravel)} (IST)`;

export const tripMail = (
  to: string,
  subject: string,
  lines: string[],
  link: string | undefined,
): MailMessage => {
  const text = [
    ...lines,
    '',
    link ? `Open My Trips: ${link}` : `Open My Trips in ${PRODUCT_NAME}.`,
  ].join('\n');
  const html = layoutHtml(
    subject,
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
      (link ? `<p><a href="${escapeHtml(link)}">Open My Trips</a></p>` : ''),
  );
  return { to, subject, text, html };
};

export function matchRequestReceivedMail(
  to: RideRequest,
  from: RideRequest,
  percentage: number,
  publicUrl?: string,
) {
  return tripMail(
    to.rider.email,
    `${PRODUCT_NAME}: new match request from ${quoted(from.rider.firstName)}`,
    [
      `Hi ${to.rider.firstName},`,
      `${from.rider.firstName} ${from.rider.lastName} sent you a match request (${percentage}% match).`,
      `Their trip: ${describeTrip(from)}.`,
      `Your trip: ${describeTrip(to)}.`,
      'Accept or decline it in My Trips.',
    ],
    publicUrl && `${publicUrl}/dashboard`,
  );
}

export function matchAcceptedMail(sender: RideRequest, accepter: RideRequest, publicUrl?: string) {
  return tripMail(
    sender.rider.email,
    `${PRODUCT_NAME}: ${quoted(accepter.rider.firstName)} accepted your match request`,
    [
      `Hi ${sender.rider.firstName},`,
      `${accepter.rider.firstName} ${accepter.rider.lastName} accepted your match request. You are sharing a cab!`,
      `Your trip: ${describeTrip(sender)}.`,
      'Chat in the app to agree where to meet.',
    ],
    publicUrl && `${publicUrl}/dashboard`,
  );
}
