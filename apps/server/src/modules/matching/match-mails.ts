import { PRODUCT_NAME } from '@aeropool/contract/product';
import { directionLabel, type RideRequest } from '@aeropool/contract/rides';
import { terminalAt } from '@aeropool/contract/places';
import { escapeHtml, layoutHtml, mailDateTime, quoted } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';

/** "To the airport (drop at T1): Koramangala → Terminal 1, 24 Nov 2026, 6:40 pm (IST)". */
export const describeTrip = (r: RideRequest) => {
  const terminal = terminalAt(r.direction === 'drop' ? r.source : r.destination)?.id;
  return `${directionLabel(r.direction, terminal)}: ${r.source.name} → ${r.destination.name}, ${mailDateTime(r.timeOfTravel)} (IST)`;
};

/** Every mail of a notification kind says how to stop it; the profile has a switch per kind. */
export const SWITCH_OFF_LINE =
  'You can switch off each kind of e-mail on your profile, under E-mail notifications.';

/**
 * A trip mail: its lines, then where to go (`link`, labelled `linkLabel`; without PUBLIC_URL,
 * the same words without a link) and, for a notification (not a confirmation of the rider's own
 * action), how to switch such mails off.
 */
export const tripMail = (
  to: string,
  subject: string,
  lines: string[],
  link: string | undefined,
  { linkLabel = 'Open My Trips', isNotice = true } = {},
): MailMessage => {
  const goTo = link ? `${linkLabel}: ${link}` : `${linkLabel} in ${PRODUCT_NAME}.`;
  const footer = isNotice ? [SWITCH_OFF_LINE] : [];
  const text = [...lines, '', goTo, ...footer].join('\n');
  const html = layoutHtml(
    subject,
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
      (link
        ? `<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p>`
        : `<p>${escapeHtml(goTo)}</p>`) +
      footer.map((line) => `<p style="color:#64748b;font-size:13px">${line}</p>`).join(''),
  );
  return { to, subject, text, html };
};

/** To the rider asked: a match request, or an ask to join the cab they ride in (`toCab`). */
export function matchRequestReceivedMail(
  to: RideRequest,
  from: RideRequest,
  percentage: number,
  publicUrl?: string,
  { toCab = false } = {},
) {
  return tripMail(
    to.rider.email,
    toCab
      ? `${PRODUCT_NAME}: ${quoted(from.rider.firstName)} asks to join your cab`
      : `${PRODUCT_NAME}: new match request from ${quoted(from.rider.firstName)}`,
    [
      `Hi ${to.rider.firstName},`,
      toCab
        ? `${from.rider.firstName} ${from.rider.lastName} asks to join your shared cab (${percentage}% match). Any rider in the cab may answer.`
        : `${from.rider.firstName} ${from.rider.lastName} sent you a match request (${percentage}% match).`,
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

/** A rider already in a cab learns that a third joined it. */
export function cabJoinedMail(member: RideRequest, joinerName: string, publicUrl?: string) {
  return tripMail(
    member.rider.email,
    `${PRODUCT_NAME}: ${joinerName} joined your cab`,
    [
      `Hi ${member.rider.firstName},`,
      `${joinerName} joined your shared cab. Its pickups and your share of the fare are worked out again with three riders: see your trip in My Trips, and say hello in the chat.`,
      `Your trip: ${describeTrip(member)}.`,
    ],
    publicUrl && `${publicUrl}/dashboard`,
  );
}

/**
 * How a leave or cancel ends for a co-rider: the cab goes on (a cab of three), and whether the
 * trip is still ahead (after it, nothing is reopened and no one else can join).
 */
export type LeaveOutcome = { cabGoesOn: boolean; isTripAhead: boolean };

/** What a co-rider is told in the app (the notice, the bell) when another leaves or cancels. */
export const leaveNotice = (name: string, { cabGoesOn, isTripAhead }: LeaveOutcome) => {
  if (cabGoesOn) return `${name} left your shared cab. The rest of you are still matched.`;
  return isTripAhead
    ? `${name} cancelled your shared ride. Your ride request is open again.`
    : `${name} cancelled your shared ride.`;
};

/** To a co-rider when another rider cancels the shared ride or leaves a cab of three (issue 9). */
export function matchCancelledMail(
  to: RideRequest,
  leaverName: string,
  { cabGoesOn, isTripAhead }: LeaveOutcome,
  publicUrl?: string,
) {
  return tripMail(
    to.rider.email,
    cabGoesOn
      ? `${PRODUCT_NAME}: ${quoted(leaverName)} left your shared cab`
      : `${PRODUCT_NAME}: ${quoted(leaverName)} cancelled your shared ride`,
    [
      `Hi ${to.rider.firstName},`,
      cabGoesOn
        ? `${leaverName} left the shared cab for your trip. The rest of you are still matched${isTripAhead ? ', and the cab has room for another rider' : ''}.`
        : `${leaverName} cancelled the shared cab for your trip.${isTripAhead ? ' Your ride request is open again, so you can match with another rider.' : ''}`,
      `Your trip: ${describeTrip(to)}.`,
    ],
    publicUrl && `${publicUrl}/dashboard`,
  );
}

/** To the sender when the other rider declines their match request (issue 9). */
export function matchDeclinedMail(sender: RideRequest, declinerName: string, publicUrl?: string) {
  return tripMail(
    sender.rider.email,
    `${PRODUCT_NAME}: your match request was declined`,
    [
      `Hi ${sender.rider.firstName},`,
      `${declinerName} declined your match request. Other riders may still fit your trip: see Potential Matches in My Trips.`,
      `Your trip: ${describeTrip(sender)}.`,
    ],
    publicUrl && `${publicUrl}/dashboard`,
  );
}
