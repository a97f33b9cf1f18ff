import type { ChatMessage } from '@aeropool/contract/chat';
import { TIME_ZONE } from '@aeropool/contract/product';
import { dayKey, dayLabel } from './day-label';
import { messageKey } from './merge-messages';
import type { OutboxItem } from './outbox';

/** sent: stored; sending: on its way; retrying: not sent yet, will be; rejected: refused for good. */
export type Delivery = 'sent' | 'sending' | 'retrying' | 'rejected';

export type TimelineMessage = {
  type: 'message';
  key: string;
  text: string;
  sentAt: number;
  senderId: string;
  /** The first name, or with the last initial when two riders of the chat share it. */
  senderName: string;
  isOwn: boolean;
  /** First of a run by the same sender on the same day: the name is shown once per run. */
  isFirstOfRun: boolean;
  delivery: Delivery;
  error?: string;
};

export type TimelineDay = { type: 'day'; key: string; label: string };
export type TimelineItem = TimelineDay | TimelineMessage;

type Options = {
  selfId: string;
  selfFirstName?: string;
  now: number;
  /** Connected: queued messages are on their way rather than waiting for the network. */
  canSend: boolean;
  timeZone?: string;
};

const deliveryOf = (item: OutboxItem, canSend: boolean): Delivery => {
  if (item.status === 'rejected') return 'rejected';
  if (item.status === 'sending') return 'sending';
  if (item.status === 'failed') return 'retrying';
  return canSend ? 'sending' : 'retrying';
};

/**
 * Stored messages (oldest first) followed by own unsent ones, with a day separator wherever the
 * Bengaluru day changes. An unsent message is placed after everything stored, because the server
 * will time-stamp it when it arrives; a refused one where it was typed.
 */
export function buildTimeline(
  stored: readonly ChatMessage[],
  outbox: readonly OutboxItem[],
  { selfId, selfFirstName = 'You', now, canSend, timeZone = TIME_ZONE }: Options,
): TimelineItem[] {
  const storedKeys = new Set(stored.map((m) => messageKey(m.userId._id, m.clientId)));
  const nameOf = senderNames(stored);
  const messages: Omit<TimelineMessage, 'isFirstOfRun'>[] = stored.map((m) => ({
    type: 'message',
    key: messageKey(m.userId._id, m.clientId),
    text: m.messageText,
    sentAt: Date.parse(m.timestamp),
    senderId: m.userId._id,
    senderName: nameOf(m.userId),
    isOwn: m.userId._id === selfId,
    delivery: 'sent',
  }));
  const lastStoredAt = messages.at(-1)?.sentAt ?? 0;
  for (const item of outbox) {
    const key = messageKey(selfId, item.clientId);
    if (storedKeys.has(key)) continue;
    const isRejected = item.status === 'rejected';
    const message = {
      type: 'message' as const,
      key,
      text: item.messageText,
      // A refused message will never be stored: it stays where it was typed, among the others,
      // rather than under every message said after it.
      sentAt: isRejected ? item.createdAt : Math.max(item.createdAt, lastStoredAt),
      senderId: selfId,
      senderName: selfFirstName,
      isOwn: true,
      delivery: deliveryOf(item, canSend),
      ...(item.error ? { error: item.error } : {}),
    };
    const after = isRejected ? messages.findIndex((m) => m.sentAt > item.createdAt) : -1;
    if (after === -1) messages.push(message);
    else messages.splice(after, 0, message);
  }

  const items: TimelineItem[] = [];
  let previousDay = '';
  let previousSender = '';
  for (const message of messages) {
    const day = dayKey(message.sentAt, timeZone);
    const isNewDay = day !== previousDay;
    if (isNewDay) {
      items.push({
        type: 'day',
        key: `day:${day}`,
        label: dayLabel(message.sentAt, now, timeZone),
      });
    }
    items.push({ ...message, isFirstOfRun: isNewDay || message.senderId !== previousSender });
    previousDay = day;
    previousSender = message.senderId;
  }
  return items;
}

/**
 * How each sender is named: the first name, unless two riders of the chat share it (a cab of
 * three with two Rahuls), whose messages then carry the last initial too ("Rahul K.").
 */
function senderNames(stored: readonly ChatMessage[]) {
  const idsByFirstName = new Map<string, Set<string>>();
  for (const { userId } of stored) {
    const ids = idsByFirstName.get(userId.firstName) ?? new Set<string>();
    ids.add(userId._id);
    idsByFirstName.set(userId.firstName, ids);
  }
  return (sender: ChatMessage['userId']) =>
    (idsByFirstName.get(sender.firstName)?.size ?? 0) > 1
      ? `${sender.firstName} ${sender.lastName}`.trim()
      : sender.firstName;
}
