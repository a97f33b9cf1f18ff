import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  EMAIL_PREFERENCES,
  type EmailPreferences as Preferences,
} from '@aeropool/contract/notifications';
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
  /** What the rider switched and the server has not confirmed: the boxes show it at once. */
  const [shown, setShown] = useState<Preferences>({});
  /** Switched since the last save was sent; one save at a time, so answers arrive in order. */
  const unsent = useRef<Preferences>({});
  const isSaving = useRef(false);
  const [saving, setSaving] = useState(false);

  const saveAll = async () => {
    if (isSaving.current) return;
    isSaving.current = true;
    setSaving(true);
    // A switch flipped while a save is on its way is sent next, not dropped.
    while (Object.keys(unsent.current).length > 0) {
      const changes = unsent.current;
      unsent.current = {};
      try {
        const saved = await saveEmailPreferences(changes);
        queryClient.setQueryData(notificationKeys.emailPreferences(userId), saved);
        toast.success('E-mail preferences saved.', { id: 'email-preferences' });
      } catch (error) {
        toast.error(serverMessageOr(error, 'Could not save your e-mail preferences.'));
      }
      // Saved or refused, these boxes show the server's value again, unless switched meanwhile.
      setShown((current) => {
        const next = { ...current };
        for (const kind of Object.keys(changes) as (keyof Preferences)[])
          if (!(kind in unsent.current)) delete next[kind];
        return next;
      });
    }
    isSaving.current = false;
    setSaving(false);
  };

  const toggle = (kind: keyof Preferences, isOn: boolean) => {
    unsent.current = { ...unsent.current, [kind]: isOn };
    setShown((current) => ({ ...current, [kind]: isOn }));
    void saveAll();
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
  } else if (query.isLoadingError) {
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
      <fieldset aria-busy={saving}>
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
                  checked={(shown[kind] ?? query.data[kind]) !== false}
                  onChange={(event) => toggle(kind, event.target.checked)}
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
