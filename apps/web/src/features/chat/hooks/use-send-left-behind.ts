import { useEffect } from 'react';
import { useSession } from '../../../lib/session';
import { useSocket } from '../../../lib/socket';
import { isReloadingOnPurpose } from '../../../lib/reload-page';
import { hasUnsent, sendLeftBehind } from '../utils/left-behind';

/**
 * On every signed-in page: whenever the chat connection is (back) up, messages queued in chats
 * the rider has left go out (sendLeftBehind), and closing the tab before they have asks first.
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
  useEffect(() => {
    if (!userId) return;
    // The outbox outlives a reload but not the tab: closing it would lose the messages unsaid.
    const warn = (event: BeforeUnloadEvent) => {
      if (!isReloadingOnPurpose() && hasUnsent(userId)) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [userId]);
}

/** useSendLeftBehind as an element, for the signed-in header. */
export function ChatLeftBehindSender(): null {
  useSendLeftBehind();
  return null;
}
