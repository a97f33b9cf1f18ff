import { useEffect } from 'react';
import { useSession } from '../../../lib/session';
import { useSocket } from '../../../lib/socket';
import { isReloadingOnPurpose } from '../../../lib/reload-page';
import { CHAT_LIMITS } from '@aeropool/contract/chat-limits';
import { hasUnsent, sendLeftBehind } from '../utils/left-behind';
import { retryDelay } from '../utils/outbox';

/**
 * On every signed-in page: whenever the chat connection is (back) up, messages queued in chats
 * the rider has left go out (sendLeftBehind), and closing the tab before they have asks first.
 */
export function useSendLeftBehind(): void {
  const socket = useSocket();
  const userId = useSession()?.userId;
  useEffect(() => {
    if (!socket || !userId) return;
    let timer: number | undefined;
    let failures = 0;
    let isMounted = true;
    const send = async () => {
      window.clearTimeout(timer);
      const outcome = await sendLeftBehind(socket, userId);
      if (!isMounted) return;
      if (outcome === 'done') {
        failures = 0;
        return;
      }
      // A busy or silent server, or one asking to slow down: the rider may stay on this page a
      // long while, so what is left goes again later, not only on the next connection.
      failures += 1;
      const delay = outcome === 'slow-down' ? CHAT_LIMITS.rateLimitWindowMs : retryDelay(failures);
      timer = window.setTimeout(() => void send(), delay);
    };
    const onConnect = () => void send();
    if (socket.connected) onConnect();
    socket.on('connect', onConnect);
    return () => {
      isMounted = false;
      window.clearTimeout(timer);
      socket.off('connect', onConnect);
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
