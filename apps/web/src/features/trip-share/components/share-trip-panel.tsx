import { useState } from 'react';
import toast from '../../../lib/notify';
import { TRIP_SHARE_MESSAGES } from '@aeropool/contract/trip-share-messages';
import { Button } from '../../../components/ui/button';
import { serverMessageOr } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-time';
import { useCreateTripShare, useStopTripShare, useTripShareState } from '../api/trip-share';

/**
 * "Share trip with family": a read-only link to this trip's status for someone at home. The link
 * is shown once, when created (the server keeps only its hash); it can be turned off or replaced.
 * `isEnded` (the match was cancelled or completed): no new link, but one still on can be turned
 * off, since the family page keeps showing the trip's end until the link expires.
 */
export function ShareTripPanel({
  matchId,
  isEnded = false,
}: {
  matchId: string;
  isEnded?: boolean;
}) {
  const state = useTripShareState(matchId);
  const create = useCreateTripShare(matchId);
  const stop = useStopTripShare(matchId);
  const [link, setLink] = useState<string | null>(null);

  const createLink = async () => {
    try {
      const share = await create.mutateAsync();
      setLink(`${window.location.origin}${share.path}`);
      toast.success(TRIP_SHARE_MESSAGES.created);
    } catch (error) {
      toast.error(serverMessageOr(error, 'Could not create the trip link. Please try again.'));
    }
  };
  const stopLink = async () => {
    try {
      await stop.mutateAsync();
      setLink(null);
      toast.success(TRIP_SHARE_MESSAGES.stopped);
    } catch (error) {
      toast.error(serverMessageOr(error, 'Could not turn the link off. Please try again.'));
    }
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Link copied');
    } catch {
      toast.error('Copy did not work here: select the link and copy it.');
    }
  };

  const expiresAt = state.data?.expiresAt;
  if (isEnded && !state.data?.isSharing) return null;
  return (
    <section aria-label="Share trip with family" className="flex flex-col gap-2">
      {link ? (
        <>
          <label className="text-sm font-medium text-slate-700" htmlFor={`trip-link-${matchId}`}>
            Trip link for family
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={`trip-link-${matchId}`}
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
              className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm text-slate-800"
            />
            <Button variant="secondary" onClick={() => void copy()}>
              Copy link
            </Button>
          </div>
        </>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {isEnded ? null : (
          <Button
            variant="secondary"
            isLoading={create.isPending}
            loadingText="Creating…"
            onClick={() => void createLink()}
          >
            {state.data?.isSharing ? 'New trip link' : 'Share trip with family'}
          </Button>
        )}
        {state.data?.isSharing ? (
          <Button
            variant="ghost"
            isLoading={stop.isPending}
            loadingText="Turning off…"
            onClick={() => void stopLink()}
          >
            Stop sharing
          </Button>
        ) : null}
      </div>
      {state.data?.isSharing && expiresAt ? (
        <p className="text-xs text-slate-500">
          {isEnded
            ? `The trip link you shared is on until ${formatDateTime(expiresAt)} (IST) and shows that the match ended.`
            : `A trip link is on until ${formatDateTime(expiresAt)} (IST).`}{' '}
          It shows first names, the terminal, the place of your ride request as you picked it, the
          time and the match status, nothing else.
          {isEnded ? null : ' A new trip link turns off the one you shared before.'}
        </p>
      ) : null}
    </section>
  );
}
