import type { ChatAck, ChatError, ChatMessage, JoinAck, SendChatMessage } from './chat';
import type { AppNotification } from './notifications';
import type { TripsChangedPayload } from './rides';

/** Typed socket.io event maps shared by server and web. */
export type ServerToClientEvents = {
  'trips:changed': (payload: TripsChangedPayload) => void;
  message: (message: ChatMessage) => void;
  'chat:error': (error: ChatError) => void;
  notification: (notification: AppNotification) => void;
};

export type ClientToServerEvents = {
  joinRoom: (matchId: string, ack?: (result: JoinAck) => void) => void;
  leaveRoom: (matchId: string) => void;
  message: (payload: SendChatMessage, ack?: (result: ChatAck) => void) => void;
};

export const userRoom = (userId: string) => `user:${userId}`;
