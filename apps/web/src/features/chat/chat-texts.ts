/** Texts of the chat screen, in one place for the page and the e2e tests that look for them. */
export const CHAT_TEXTS = {
  backToTrips: 'Back to My Trips',
  signedOut: 'Please log in to open this chat.',
  notMember: 'This chat is only for the riders of this match.',
  empty: 'No messages yet. Say hello and agree where to meet!',
  loadingEarlier: 'Loading earlier messages…',
  loadEarlierFailed: 'Earlier messages could not be loaded.',
  retry: 'Retry',
  beginning: 'This is the beginning of your chat.',
  loading: 'Loading chat…',
  loadFailed: 'We could not load this chat.',
  waitingForNetwork: 'You are offline. The chat will load when you are back online.',
  sending: 'Sending…',
  sent: 'Sent',
  retrying: 'Not sent — will retry',
  rejected: 'Not sent',
  messageLabel: 'Message',
  messagePlaceholder: 'Type a message',
  send: 'Send',
  tooLong: 'Too long to send: please shorten it.',
} as const;

export const CONNECTION_LABELS = {
  connected: 'Connected',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
} as const;
