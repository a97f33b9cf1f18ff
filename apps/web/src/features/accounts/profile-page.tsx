import { useEffect } from 'react';
import toast from '../../lib/notify';
import { AppShell } from '../../components/layout/app-shell';
import { CardSkeletons } from '../../components/ui/skeleton';
import { useRequireSession } from '../../lib/use-require-session';
import { PROFILE_TOASTS } from './account-toasts';
import { useUser } from './api/get-user';
import { useUserStats } from './api/get-user-stats';
import { AccountSettings } from './components/account-settings';
import { BasicInfoForm } from './components/basic-info-form';
import { ProfileHeader } from './components/profile-header';
import { ProfileLoadError } from './components/profile-load-error';
import { ProfileStats } from './components/profile-stats';
import { BlockedRiders } from '../safety/components/blocked-riders';
import { EmailPreferences } from '../notifications/email-preferences';
import { PushNotificationsToggle } from '../../pwa/push-toggle';

/** Spec §2 Profile: needs a stored user id, otherwise useRequireSession sends it to /login. */
export function ProfilePage() {
  const session = useRequireSession();
  return (
    <AppShell>
      <main className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 px-4 py-8 sm:py-12">
        {session ? <ProfileContent userId={session.userId} /> : null}
      </main>
    </AppShell>
  );
}

export function ProfileContent({ userId }: { userId: string }) {
  const userQuery = useUser(userId);
  const statsQuery = useUserStats(userId);
  const isError = userQuery.isError || statsQuery.isError;
  // A failed refresh (after a reconnect, a busy server) keeps the page and an edit in progress:
  // the error screen is for a profile that never loaded.
  const neverLoaded =
    (userQuery.isError && !userQuery.data) || (statsQuery.isError && !statsQuery.data);
  const failedAt = Math.max(userQuery.errorUpdatedAt, statsQuery.errorUpdatedAt);

  useEffect(() => {
    // One toast per failed load (a retry that fails again says so again), not per render.
    if (isError) toast.error(PROFILE_TOASTS.loadFailed, { id: `profile-load-${failedAt}` });
  }, [isError, failedAt]);

  if (neverLoaded) {
    return (
      <ProfileLoadError
        isRetrying={userQuery.isFetching || statsQuery.isFetching}
        onRetry={() => {
          if (userQuery.isError) void userQuery.refetch();
          if (statsQuery.isError) void statsQuery.refetch();
        }}
      />
    );
  }
  if (!userQuery.data || !statsQuery.data)
    return <CardSkeletons count={3} label="Loading profile…" />;

  const user = userQuery.data;
  return (
    <>
      <ProfileHeader user={user} />
      <ProfileStats stats={statsQuery.data} user={user} />
      <BasicInfoForm user={user} />
      <EmailPreferences userId={user._id} />
      <PushNotificationsToggle />
      <BlockedRiders userId={user._id} />
      <AccountSettings user={user} />
    </>
  );
}
