import { z } from 'zod';

/** Push service URLs are a few hundred characters (FCM, Mozilla, Apple); this leaves room. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
/** A rider's devices with Web Push on; subscribing one more drops the oldest (issue 9). */
export const PUSH_SUBSCRIPTIONS_PER_RIDER = 10;

export const PUSH_MESSAGES = {
  subscribed: 'Notifications are on for this device.',
  unsubscribed: 'Notifications are off for this device.',
  subscriptionNotFound: 'This device is not subscribed to notifications.',
  invalidEndpoint: 'The push endpoint must be an http or https address.',
  endpointTooLong: 'The push endpoint is too long.',
  invalidKeys: 'The subscription keys are not valid.',
  endpointTaken:
    'This browser’s notifications belong to another account. Turn notifications off and on again.',
  insecureEndpoint: 'The push endpoint must use https.',
  unknownPushService:
    'This browser’s push service is not supported. Try Chrome, Edge, Firefox or Safari.',
} as const;

/**
 * The browsers' push services (Chrome, Firefox, Safari, Edge). In production the server sends only
 * to these, so a made-up "subscription" cannot make it POST to other hosts.
 */
export const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /(^|\.)push\.apple\.com$/,
  /(^|\.)notify\.windows\.com$/,
];

const endpointSchema = z
  .url({ protocol: /^https?$/, error: PUSH_MESSAGES.invalidEndpoint })
  .max(PUSH_ENDPOINT_MAX_LENGTH, PUSH_MESSAGES.endpointTooLong);

/**
 * What PushSubscription.toJSON() gives in a browser (RFC 8291 keys, base64url): p256dh is the
 * 65-byte uncompressed P-256 point (0x04 first, hence "B"), auth the 16-byte secret.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, PUSH_MESSAGES.invalidKeys),
      auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, PUSH_MESSAGES.invalidKeys),
    },
    PUSH_MESSAGES.invalidKeys,
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: endpointSchema });
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeSchema>;

/** The server's VAPID public key (base64url), the browser's applicationServerKey. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** What the service worker receives in a push (the server encrypts it for the device). */
export type PushPayload = {
  title: string;
  body: string;
  /** An app path to open on click, e.g. /chat/…. */
  url: string;
  /** A newer notification with the same tag replaces the older one on the device. */
  tag: string;
};
