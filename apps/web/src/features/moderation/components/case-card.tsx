import { useId, useRef, useState, type FormEvent } from 'react';
import toast from '../../../lib/notify';
import {
  CASE_ABOUT_YOU,
  REPLY_MAX_LENGTH,
  replyBodySchema,
  type DeskCase,
  type DeskRider,
} from '@aeropool/contract/moderation';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { serverMessageOr } from '../../../lib/api-client';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useDeskAction } from '../api/desk-api';
import { DeskRiderCard } from './desk-rider-card';
import { ReasonDialog } from './reason-dialog';
import { formatDateTime } from '../../../lib/format-time';
import { useFocusStaysNearby } from '../../../lib/use-focus-stays-nearby';
import { useSession } from '../../../lib/session';

type Dialog = { type: 'suspend' | 'lift'; rider: DeskRider } | null;

/** One report or ticket on the desk, with what an operator can do about it. */
export function CaseCard({ entry }: { entry: DeskCase }) {
  const titleId = useId();
  const action = useDeskAction();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reply, setReply] = useState('');
  const [replyError, setReplyError] = useState<string>();
  const replyRef = useRef<HTMLTextAreaElement>(null);
  // One case, one action at a time: a second click must not send a reply twice.
  const busy = action.isPending;
  // Resolved, the case leaves the Open queue (focus goes to the page's heading) or, under All,
  // loses its Resolve button: focus then goes to the case's own heading, not to <body>.
  const cardRef = useFocusStaysNearby<HTMLElement>(entry.status);
  // The server refuses an operator's reply to or resolution of a case about themselves, and a
  // suspension (or its lifting) of a rider in a report with them.
  const selfId = useSession()?.userId;
  const isAboutMe = !!selfId && (entry.from._id === selfId || entry.about?._id === selfId);
  const isOpen = entry.status === 'Open' && !isAboutMe;

  const run = async (input: Parameters<typeof action.mutateAsync>[0]) => {
    try {
      toast.success(await action.mutateAsync(input));
      return true;
    } catch (error) {
      toast.error(serverMessageOr(error, 'That did not work. Please try again.'));
      return false;
    }
  };

  const sendReply = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = replyBodySchema.safeParse({ message: reply });
    setReplyError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    if (await run({ type: 'reply', ticketId: entry._id, message: parsed.data.message })) {
      setReply('');
      // Send is disabled once the box is empty: focus stays in the reply, not on the page's start.
      replyRef.current?.focus();
    }
  };

  const riderCard = (role: string, rider: DeskRider) => (
    <DeskRiderCard
      role={role}
      rider={rider}
      disabled={busy}
      // A case about this operator is another's to decide, a suspension included.
      onSuspend={isAboutMe ? undefined : () => setDialog({ type: 'suspend', rider })}
      onLift={isAboutMe ? undefined : () => setDialog({ type: 'lift', rider })}
    />
  );

  return (
    <article
      ref={cardRef}
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {entry.reference} · {entry.kind === 'report' ? 'Report' : 'Ticket'}: {entry.label}
        </h2>
        <StatusBadge status={entry.status} label="Status" />
        <time className="text-sm text-slate-500" dateTime={entry.createdAt}>
          {formatDateTime(entry.createdAt)}
        </time>
      </header>
      {entry.kind === 'ticket' ? (
        <p className="font-medium [overflow-wrap:anywhere] text-slate-800">{entry.subject}</p>
      ) : null}
      <p className="text-sm [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-700">
        {entry.description}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {riderCard(entry.kind === 'report' ? 'Reported by' : 'From', entry.from)}
        {entry.about ? riderCard('Reported rider', entry.about) : null}
      </div>
      {entry.replies.length > 0 ? (
        <ol className="flex flex-col gap-2 border-l-2 border-brand-100 pl-3 text-sm">
          {entry.replies.map((r) => (
            <li key={r._id}>
              <p className="text-xs text-slate-500">
                {r.author}, {formatDateTime(r.createdAt)}
              </p>
              <p className="[overflow-wrap:anywhere] whitespace-pre-wrap text-slate-800">
                {r.body}
              </p>
            </li>
          ))}
        </ol>
      ) : null}
      {entry.status === 'Open' && isAboutMe ? (
        <p className="text-sm text-slate-600">{CASE_ABOUT_YOU}</p>
      ) : null}
      {entry.kind === 'ticket' && isOpen ? (
        <form onSubmit={(event) => void sendReply(event)} className="flex flex-col gap-2">
          <TextAreaField
            label={`Reply to ${entry.from.name}`}
            ref={replyRef}
            value={reply}
            maxLength={REPLY_MAX_LENGTH}
            error={replyError}
            // What is being sent stays as sent: text added meanwhile would go with the clearing.
            readOnly={busy}
            onChange={(event) => {
              setReply(event.target.value);
              setReplyError(undefined);
            }}
          />
          <Button
            type="submit"
            variant="secondary"
            className="self-start"
            disabled={!reply.trim() || busy}
            isLoading={busy && action.variables?.type === 'reply'}
            loadingText="Sending..."
          >
            Send reply
          </Button>
        </form>
      ) : null}
      {isOpen ? (
        <Button
          className="self-start"
          onClick={() => void run({ type: 'resolve', kind: entry.kind, id: entry._id })}
          disabled={busy}
          isLoading={busy && action.variables?.type === 'resolve'}
          loadingText="Resolving..."
        >
          Resolve {entry.reference}
        </Button>
      ) : null}
      {dialog ? (
        <ReasonDialog
          title={
            dialog.type === 'suspend'
              ? `Suspend ${dialog.rider.name}`
              : `Lift the suspension of ${dialog.rider.name}`
          }
          hint={
            dialog.type === 'suspend'
              ? 'The rider sees this when signing in.'
              : 'Kept in the audit log.'
          }
          confirmText={dialog.type === 'suspend' ? 'Suspend' : 'Lift suspension'}
          isPending={busy}
          onConfirm={(reason) => run({ type: dialog.type, riderId: dialog.rider._id, reason })}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </article>
  );
}
