// The chat's limits and socket options, free of zod: every signed-in page opens the socket, and
// zod loads only with the forms that validate (issue 7). chat.ts re-exports them.

export const CHAT_LIMITS = {
  maxMessageLength: 2000,
  historyPageSize: 50,
  historyMaxPageSize: 100,
  /**
   * Per rider, over all their sockets on every instance: at most this many messages in the
   * window, else an error event (not a disconnect).
   */
  rateLimitMessages: 10,
  rateLimitWindowMs: 5000,
  /** Per rider: room joins in the window (each costs a membership check). */
  joinLimit: 30,
  joinWindowMs: 10_000,
  /** Open chat connections per rider (tabs and devices); one more is refused. */
  maxSocketsPerRider: 10,
} as const;

/** Spec §9: the chat socket reconnects with a 1 to 5 second delay and a 20-second timeout. */
export const CHAT_SOCKET_OPTIONS = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20_000,
} as const;
