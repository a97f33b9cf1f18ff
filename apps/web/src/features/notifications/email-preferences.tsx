import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EMAIL_PREFERENCES, type NotificationKind } from '@aeropool/contract/notifications';
import { Button } from '../../components/ui/button';
import { serverMessageOr } from '../../lib/api-client';
import toast from '../../lib/notify';
import { ProfileCard } from '../accounts/components/profile-card';
import {
  emailPreferencesOptions,
  notificationKeys,
  saveEmailPreferences,
} from './notifications-api';

/** /profile: which notifications also come by e-mail, one switch per kind (issue 9). */
export function EmailPreferences({ userId }: { userId: string }) {
  const query = useQuery(emailPreferencesOptions(userId));
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<NotificationKind | null>(null);

  const toggle = async (kind: NotificationKind, isOn: boolean) => {
    // One change at a time; the switches stay enabled so keyboard focus never drops to the page.
    if (saving) return;
    setSaving(kind);
    try {
      const saved = await saveEmailPreferences({ [kind]: isOn });
      queryClient.setQueryData(notificationKeys.emailPreferences(userId), saved);
      toast.success('E-mail preferences saved.', { id: 'email-preferences' });
    } catch (error) {
      toast.error(serverMessageOr(error, 'Could not save your e-mail preferences.'));
    } finally {
      setSaving(null);
    }
  };

  let body;
  if (query.isPending) {
    body = (
      <ul aria-busy="true" aria-label="Loading e-mail preferences" className="space-y-3">
        {EMAIL_PREFERENCES.map(({ kind }) => (
          <li key={kind} className="h-6 animate-pulse rounded bg-slate-100" />
        ))}
      </ul>
    );
  } else if (query.isError) {
    body = (
      <div role="alert" className="flex items-center gap-3 text-sm text-slate-700">
        Could not load your e-mail preferences.
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else {
    body = (
      <fieldset aria-busy={saving !== null}>
        <legend className="mb-3 text-sm text-slate-600">
          Everything also shows under the bell. E-mail me when:
        </legend>
        <ul className="space-y-3">
          {EMAIL_PREFERENCES.map(({ kind, label }) => (
            <li key={kind}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 text-slate-800">
                <input
                  type="checkbox"
                  className="h-5 w-5 shrink-0 accent-brand-700"
                  checked={query.data[kind] !== false}
                  onChange={(event) => void toggle(kind, event.target.checked)}
                />
                {label}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    );
  }
  return <ProfileCard title="E-mail notifications">{body}</ProfileCard>;
}
