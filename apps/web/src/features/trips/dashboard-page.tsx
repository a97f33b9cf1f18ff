import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { RideRequest } from '@aeropool/contract/rides';
import { AppShell } from '../../components/layout/app-shell';
import { Button } from '../../components/ui/button';
import { useRequireSession } from '../../lib/use-require-session';
import { queryActivity, whenQuiet } from '../../app/when-quiet';
import type { TripTab } from './api/trip-keys';
import { CancelRequestModal } from './components/cancel-request-modal';
import { preloadRideRequestForm, RideRequestModal } from './components/ride-request-modal';
import { panelId, tabId, TripTabs } from './components/trip-tabs';
import { TripList } from './components/trip-list';

/** Spec §2 My Trips; useRequireSession sends a signed-out visitor to /login. */
export function DashboardPage() {
  const session = useRequireSession();
  return (
    <AppShell>
      <main className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 px-4 py-8 sm:py-12">
        {session ? <MyTrips userId={session.userId} /> : null}
      </main>
    </AppShell>
  );
}

type EditorState = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; request: RideRequest };

function MyTrips({ userId }: { userId: string }) {
  // The tab lives in the URL so a reload or a shared link opens the same list.
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: TripTab = searchParams.get('tab') === 'past' ? 'past' : 'upcoming';
  const [editor, setEditor] = useState<EditorState>({ kind: 'closed' });
  const [cancelling, setCancelling] = useState<RideRequest | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => whenQuiet([queryActivity(queryClient)])(preloadRideRequestForm), [queryClient]);

  const selectTab = (next: TripTab) =>
    setSearchParams(next === 'past' ? { tab: 'past' } : {}, { replace: true });

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          {/* Focusable for where focus goes when a card leaves (a rider blocked on it). */}
          <h1 tabIndex={-1} className="text-3xl font-bold text-slate-900 focus:outline-none">
            My Trips
          </h1>
          <p className="mt-1 text-slate-600">
            Share your Kempegowda airport cab with riders going your way.
          </p>
        </div>
        <Button onClick={() => setEditor({ kind: 'create' })} className="w-full sm:w-auto">
          Create New Request
        </Button>
      </div>

      <TripTabs selected={tab} onSelect={selectTab} />

      <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        <TripList
          key={tab}
          userId={userId}
          tab={tab}
          onEdit={(request) => setEditor({ kind: 'edit', request })}
          onCancel={setCancelling}
          onCreate={() => setEditor({ kind: 'create' })}
        />
      </div>

      <RideRequestModal
        isOpen={editor.kind !== 'closed'}
        request={editor.kind === 'edit' ? editor.request : undefined}
        userId={userId}
        onClose={() => setEditor({ kind: 'closed' })}
      />
      <CancelRequestModal request={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
