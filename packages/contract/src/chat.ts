import { z } from 'zod';
import { idSchema } from './envelope';
import { hasVisibleText, isMultiLineText, notAllowedCharacters, withoutBidiControls } from './text';
import { rideRequestSchema } from './rides';

import { CHAT_LIMITS } from './chat-limits';

export * from './chat-limits';

export const chatMessageSchema = z.object({
  _id: z.string(),
  matchId: z.string(),
  userId: z.object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
  }),
  messageText: z.string(),
  /** ISO time from the server's clock. */
  timestamp: z.string(),
  /** The sender's own id for this message, so its screen can match echo and acknowledgement. */
  clientId: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * A match's id as the database writes it, lower case: it names the chat's room and seals each
 * message's encryption, so an id typed in capitals must not make a second room or a message no
 * later read can open.
 */
export const matchIdSchema = idSchema('Invalid match.');

export const sendChatMessageSchema = z.object({
  matchId: matchIdSchema,
  messageText: z
    .string()
    .overwrite(withoutBidiControls)
    .trim()
    .refine(hasVisibleText, 'Message cannot be empty.')
    .max(
      CHAT_LIMITS.maxMessageLength,
      `Message must be at most ${CHAT_LIMITS.maxMessageLength} characters.`,
    )
    .refine(isMultiLineText, notAllowedCharacters('Message')),
  /**
   * The sender's id for this message, so that sending it again stores it once. The spec's
   * client (§7) sends none: the server then gives it one, and such a message is not deduplicated.
   */
  clientId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid message id.')
    .optional(),
  /** Sent by the spec's client; ignored (the author comes from the token, the time from the server). */
  userId: z.unknown().optional(),
  timestamp: z.unknown().optional(),
});
export type SendChatMessage = z.input<typeof sendChatMessageSchema>;

export const chatHistoryQuerySchema = z.object({
  /** Id of the oldest message already shown: the page ends just before it. */
  before: z.uuid('Invalid message id.').optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CHAT_LIMITS.historyMaxPageSize)
    .default(CHAT_LIMITS.historyPageSize),
});

export type ChatErrorCode = 'NOT_MEMBER' | 'INVALID' | 'RATE_LIMITED' | 'MATCH_CLOSED' | 'SERVER';
export type ChatError = { code: ChatErrorCode; message: string; matchId?: string };

export type ChatAck = { ok: true; message: ChatMessage } | { ok: false; error: ChatError };
/** Why a member may read a chat but not post in it: the match was cancelled, or a block. */
export const CHAT_CLOSED_TEXTS = {
  cancelled: 'This ride was cancelled, so its chat is closed.',
  // Who blocked whom is not said.
  blocked: 'This chat is closed.',
} as const;

/**
 * A joined member learns the match's status and, when they may no longer post there (a
 * cancelled match, a block between its riders), why: the chat is then read-only.
 */
export type JoinAck =
  | { ok: true; status: 'Active' | 'Cancelled' | 'Completed'; closed?: string }
  | { ok: false; error: ChatError };

export const CHAT_EVENTS = {
  join: 'joinRoom',
  leave: 'leaveRoom',
  message: 'message',
  error: 'chat:error',
} as const;

export const matchRoom = (matchId: string) => `match:${matchId}`;

/** One line of the Chats tab (issue 9): an open match chat with its latest message. */
export const chatSummarySchema = z.object({
  matchId: z.string(),
  /** The viewer's own ride request in this match (direction, terminal, place, time). */
  trip: rideRequestSchema,
  /** Co-riders as "First L.". */
  coRiders: z.array(z.string()),
  lastMessage: z
    .object({
      text: z.string(),
      authorName: z.string(),
      fromMe: z.boolean(),
      timestamp: z.string(),
    })
    .nullable(),
  unreadCount: z.number().int(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;
