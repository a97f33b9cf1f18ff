import { useEffect } from 'react';
import { useSession } from '../../../lib/session';
import { useSocket } from '../../../lib/socket';
import { sendLeftBehind } from '../utils/left-behind';

/**
 * On every signed-in page: whenever the chat connection is (back) up, messages queued in chats
 * the rider has left go out (sendLeftBehind).
 */
export function useSendLeftBehind(): void {
  const socket = useSocket();
  const userId = useSession()?.userId;
  useEffect(() => {
    if (!socket || !userId) return;
    const send = () => void sendLeftBehind(socket, userId);
    if (socket.connected) send();
    socket.on('connect', send);
    return () => {
      socket.off('connect', send);
    };
  }, [socket, userId]);
}

/** useSendLeftBehind as an element, for the signed-in header. */
export function ChatLeftBehindSender(): null {
  useSendLeftBehind();
  return null;
}
