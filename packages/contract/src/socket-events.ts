import type { ChatAck, ChatError, ChatMessage, JoinAck, SendChatMessage } from './chat';
import type { AppNotification } from './notifications';
import type { TripsChangedPayload } from './rides';

/** Typed socket.io event maps shared by server and web. */
export type ServerToClientEvents = {
  'trips:changed': (payload: TripsChangedPayload) => void;
  message: (message: ChatMessage) => void;
  'chat:error': (error: ChatError) => void;
  notification: (notification: AppNotification) => void;
  /** Some of the rider's notifications were read (on any tab or device): the bell refetches. */
  'notifications:read': () => void;
};

export type ClientToServerEvents = {
  joinRoom: (matchId: string, ack?: (result: JoinAck) => void) => void;
  leaveRoom: (matchId: string) => void;
  message: (payload: SendChatMessage, ack?: (result: ChatAck) => void) => void;
};

/**
 * The `data` of a handshake the server refused for a moment's reason (its database busy or out
 * of reach), not for the rider's token: the app connects again after the reconnect delay.
 */
export type HandshakeRefusal = { retry: boolean };

export const userRoom = (userId: string) => `user:${userId}`;
