import type { TRIPS_CHANGED_EVENT } from './rides';
import { type TripsChangedPayload } from './rides';

/** Typed socket.io event maps shared by server and web. */
export type ServerToClientEvents = {
  [TRIPS_CHANGED_EVENT]: (payload: TripsChangedPayload) => void;
};

export type ClientToServerEvents = Record<string, never>;

export const userRoom = (userId: string) => `user:${userId}`;
