import { z } from 'zod';

/** What a rider is told about (issue 9); each kind has its own e-mail switch on /profile. */
export const NOTIFICATION_KINDS = [
  'match-request',
  'match-accepted',
  'match-declined',
  'match-cancelled',
  'cab-joined',
  'chat-message',
  'new-match',
  'trip-reminder',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds that can also come by e-mail, with the words /profile shows beside each switch. */
export const EMAIL_PREFERENCES: ReadonlyArray<{ kind: NotificationKind; label: string }> = [
  { kind: 'match-request', label: 'Someone sends me a match request' },
  { kind: 'match-accepted', label: 'My match request is accepted' },
  { kind: 'match-declined', label: 'My match request is declined or closed unanswered' },
  { kind: 'match-cancelled', label: 'A co-rider cancels or leaves our ride' },
  { kind: 'cab-joined', label: 'Another rider joins our cab' },
  { kind: 'new-match', label: 'A new rider fits my trip (60% match or more)' },
  { kind: 'trip-reminder', label: 'A reminder 2 hours before my shared ride' },
];

/** A new potential match is worth telling the rider about from this percentage on. */
export const NEW_MATCH_ALERT_PERCENTAGE = 60;
/** The reminder goes out this long before a matched trip. */
export const TRIP_REMINDER_MINUTES = 120;
/** The notification centre lists this many, newest first. */
export const NOTIFICATION_PAGE_SIZE = 50;

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** An app path to open (e.g. /chat/…, /dashboard). */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** true = send the e-mail; a kind that is absent is on. */
export type EmailPreferences = Partial<Record<NotificationKind, boolean>>;

export const markNotificationsReadSchema = z.union([
  z.object({ all: z.literal(true) }),
  z.object({ ids: z.array(z.uuid('Invalid notification.')).min(1).max(NOTIFICATION_PAGE_SIZE) }),
]);

export const emailPreferencesSchema = z
  .object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean().optional()])) as Record<
      NotificationKind,
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .strict();
