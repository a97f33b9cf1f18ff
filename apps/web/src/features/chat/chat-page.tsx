import { useParams } from 'react-router';
import { AppShell } from '../../components/layout/app-shell';
import { useSession } from '../../lib/session';
import { rememberPlaceBeforeSignIn } from '../../lib/return-after-sign-in';
import { CHAT_TEXTS } from './chat-texts';
import { ChatNotice } from './components/chat-notice';
import { ChatRoom } from './components/chat-room';

/** /chat/:matchId (spec §2): the chat room of one match, for its riders only. */
export function ChatPage() {
  // Ids are lower case: a link typed or pasted in capitals opens the same chat.
  const matchId = (useParams().matchId ?? '').toLowerCase();
  const session = useSession();
  return (
    <AppShell fullHeight>
      {session ? (
        // Keyed: another match or rider starts from a clean room, outbox included.
        <ChatRoom key={`${session.userId}:${matchId}`} matchId={matchId} selfId={session.userId} />
      ) : (
        // A chat link from a mail or a notification, opened signed out: signing in comes back.
        <ChatNotice
          message={CHAT_TEXTS.signedOut}
          link={{ to: '/login', label: 'Log In', onFollow: () => rememberPlaceBeforeSignIn() }}
        />
      )}
    </AppShell>
  );
}
