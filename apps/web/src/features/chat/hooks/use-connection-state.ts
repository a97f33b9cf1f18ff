import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { AppSocket } from '../../../lib/socket';

export type ConnectionState = 'connected' | 'connecting' | 'reconnecting' | 'offline';

/**
 * The chat socket's state for the status pill. The browser's offline flag wins: a socket can
 * look connected for a while after the network has gone, until its heartbeat times out.
 */
export function useConnectionState(socket: AppSocket | null): ConnectionState {
  // 'Connecting…' until the first connection (or first failure), 'Reconnecting…' after it.
  const hasTried = useRef(false);

  const subscribe = useCallback(
    (onChange: () => void) => {
      const onAttempt = () => {
        hasTried.current = true;
        onChange();
      };
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      socket?.on('connect', onAttempt);
      socket?.on('disconnect', onAttempt);
      socket?.on('connect_error', onAttempt);
      socket?.io.on('reconnect_attempt', onAttempt);
      socket?.io.on('reconnect_failed', onChange);
      return () => {
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
        socket?.off('connect', onAttempt);
        socket?.off('disconnect', onAttempt);
        socket?.off('connect_error', onAttempt);
        socket?.io.off('reconnect_attempt', onAttempt);
        socket?.io.off('reconnect_failed', onChange);
      };
    },
    [socket],
  );

  const getSnapshot = (): ConnectionState => {
    if (!navigator.onLine) return 'offline';
    // The shared socket is handed over after the first render.
    if (!socket) return 'connecting';
    if (socket.connected) return 'connected';
    // Not active: the server refused the handshake (signed out) or reconnection gave up.
    if (!socket.active) return 'offline';
    return hasTried.current ? 'reconnecting' : 'connecting';
  };

  return useSyncExternalStore(subscribe, getSnapshot, () => 'connecting');
}
