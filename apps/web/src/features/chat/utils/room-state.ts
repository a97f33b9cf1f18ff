import type { ChatMessage } from '@aeropool/contract/chat';
import { mergeMessages } from './merge-messages';
import {
  enqueue,
  markAttemptFailed,
  markRejected,
  markSending,
  removeStored,
  requeueInFlight,
  type OutboxItem,
} from './outbox';

/**
 * What the open chat knows beyond the history query: messages that arrived live (room events,
 * acknowledgements, catch-up pages), own messages not yet stored, and whether the rider may
 * still read (denied) or post (closed).
 */
export type RoomState = {
  live: ChatMessage[];
  outbox: OutboxItem[];
  isDenied: boolean;
  isClosed: boolean;
  /** Why the chat closed, as the server said it (a cancel, or a block after the trip). */
  closedMessage: string | null;
};

export type RoomAction =
  | { type: 'queued'; clientId: string; messageText: string; now: number }
  | { type: 'sending'; clientId: string }
  | { type: 'stored'; messages: readonly ChatMessage[] }
  | { type: 'gap' }
  | {
      type: 'attemptFailed';
      clientId: string;
      attempt: number;
      notBefore: number;
      status: 'queued' | 'failed';
    }
  | { type: 'rejected'; clientId: string; error: string }
  | { type: 'disconnected' }
  | { type: 'closed'; error: string }
  | { type: 'denied' };

export const initialRoomState: RoomState = {
  live: [],
  outbox: [],
  isDenied: false,
  isClosed: false,
  closedMessage: null,
};

/** Returns a reducer for one match and rider; messages of other matches are ignored. */
export function createRoomReducer(matchId: string, selfId: string) {
  return function roomReducer(state: RoomState, action: RoomAction): RoomState {
    switch (action.type) {
      case 'queued':
        return { ...state, outbox: enqueue(state.outbox, action) };
      case 'sending':
        return { ...state, outbox: markSending(state.outbox, action.clientId) };
      case 'stored': {
        const messages = action.messages.filter((m) => m.matchId === matchId);
        if (messages.length === 0) return state;
        return {
          ...state,
          live: mergeMessages(state.live, messages),
          outbox: removeStored(state.outbox, messages, selfId),
        };
      }
      case 'gap':
        // The history restarts at the latest page; messages held from before the gap would sit
        // next to it with the ones in between missing. Scrolling up loads them all again.
        return { ...state, live: [] };
      case 'attemptFailed':
        return { ...state, outbox: markAttemptFailed(state.outbox, action) };
      case 'rejected':
        return { ...state, outbox: markRejected(state.outbox, action.error, action.clientId) };
      case 'disconnected':
        return { ...state, outbox: requeueInFlight(state.outbox) };
      case 'closed':
        // Posting to a cancelled match is refused for every message, so none is retried.
        return {
          ...state,
          isClosed: true,
          closedMessage: action.error,
          outbox: markRejected(state.outbox, action.error),
        };
      case 'denied':
        return { ...state, isDenied: true };
    }
  };
}
