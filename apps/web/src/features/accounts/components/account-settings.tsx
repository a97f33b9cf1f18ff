import { useState } from 'react';
import toast from '../../../lib/notify';
import type { User } from '@aeropool/contract/accounts';
import { Button } from '../../../components/ui/button';
import { ApiError, endExpiredSession, serverMessageOr } from '../../../lib/api-client';
import { getSession, markSigningOut } from '../../../lib/session';
import { PROFILE_TOASTS } from '../account-toasts';
import { useDeactivateAccount } from '../api/deactivate-account';
import { useLogOutEverywhere } from '../api/log-out-everywhere';
import { useLeaveAndSignOut } from '../hooks/use-leave-and-sign-out';
import { ChangePasswordModal } from './change-password-modal';
import { DeactivateDialog } from './deactivate-dialog';
import { ProfileCard } from './profile-card';

type OpenDialog = 'password' | 'deactivate' | null;

const isSessionOver = (error: unknown) => error instanceof ApiError && error.statusCode === 401;

/** Spec §2 and §6: password controls only for accounts not signed up with Google. */
export function AccountSettings({ user }: { user: User }) {
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const { mutateAsync, isPending } = useDeactivateAccount();
  const logOutEverywhere = useLogOutEverywhere();
  const leaveAndSignOut = useLeaveAndSignOut();
  const close = () => setOpenDialog(null);

  const deactivate = async () => {
    const userId = getSession()?.userId;
    if (!userId) {
      toast.error(PROFILE_TOASTS.noUserId);
      return;
    }
    // The server ends the session with the account: a 401 meanwhile is this, not a sign-out to
    // /login (spec §4 sends a deactivated account to /).
    const stillSignedIn = markSigningOut();
    try {
      await mutateAsync(userId);
      toast.success(PROFILE_TOASTS.deactivated);
      leaveAndSignOut('/');
    } catch (error) {
      stillSignedIn();
      // The session had already ended (logged out everywhere from another device, say): asking
      // again could never work, so the rider signs in again, as after any other 401.
      if (isSessionOver(error)) endExpiredSession();
      else
        toast.error(
          error instanceof ApiError ? PROFILE_TOASTS.deactivateFailed : PROFILE_TOASTS.exception,
        );
    }
  };

  const logOutOfAllDevices = async () => {
    const stillSignedIn = markSigningOut();
    try {
      await logOutEverywhere.mutateAsync();
      toast.success(PROFILE_TOASTS.loggedOutEverywhere);
      leaveAndSignOut('/');
    } catch (error) {
      stillSignedIn();
      if (isSessionOver(error)) endExpiredSession();
      else toast.error(serverMessageOr(error, PROFILE_TOASTS.logOutEverywhereFailed));
    }
  };

  return (
    <ProfileCard title="Account Settings">
      <ul className="divide-y divide-slate-100">
        <li className="flex flex-col gap-3 py-4 first:pt-0 sm:flex-row sm:items-center sm:justify-between">
          {user.isGoogleAuth ? (
            <p className="text-sm text-slate-600">
              You sign in with Google, so there is no password to change here.
            </p>
          ) : (
            <>
              <p className="text-sm text-slate-600">Update the password you use to sign in.</p>
              <Button variant="secondary" onClick={() => setOpenDialog('password')}>
                Change Password
              </Button>
            </>
          )}
        </li>
        <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">
            Signed in on a phone you lost or a shared computer? End every session, this one
            included.
          </p>
          <Button
            variant="secondary"
            isLoading={logOutEverywhere.isPending}
            loadingText="Logging out…"
            onClick={() => void logOutOfAllDevices()}
          >
            Log out of all devices
          </Button>
        </li>
        <li className="flex flex-col gap-3 py-4 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">
            Leaving AeroPool? This signs you out and switches your account off.
          </p>
          <Button variant="danger" onClick={() => setOpenDialog('deactivate')}>
            Deactivate Account
          </Button>
        </li>
      </ul>

      {user.isGoogleAuth ? null : (
        <ChangePasswordModal
          isOpen={openDialog === 'password'}
          onClose={close}
          email={user.email}
        />
      )}
      <DeactivateDialog
        isOpen={openDialog === 'deactivate'}
        isPending={isPending}
        onCancel={close}
        onConfirm={() => void deactivate()}
      />
    </ProfileCard>
  );
}
