import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { EMAIL_PREFERENCES } from '@aeropool/contract/notifications';
import { PageShell } from '../../components/layout/page-shell';
import { Button } from '../../components/ui/button';
import { api, serverMessageOr } from '../../lib/api-client';

export const UNSUBSCRIBE_TEXTS = {
  title: 'Stop these e-mails?',
  invalid: 'This unsubscribe link is not valid.',
  confirm: 'Unsubscribe',
  failed: 'That did not work. Please try again.',
} as const;

/** What a link's mails are about, read from its token (rider.kind.signature), as /profile says. */
const labelOf = (token: string) => {
  const kind = token.split('.')[1];
  return EMAIL_PREFERENCES.find((preference) => preference.kind === kind)?.label;
};

/**
 * Where a notice mail's "Stop these e-mails" link leads, without signing in: it asks first, so a
 * mail scanner opening the link switches nothing off; the server checks the link's signature.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const label = labelOf(token);
  const [done, setDone] = useState(false);
  const unsubscribe = useMutation({
    mutationFn: () => api.post(`/notifications/unsubscribe?${new URLSearchParams({ token })}`),
    onSuccess: () => setDone(true),
  });

  let body;
  if (!label) body = <p role="alert">{UNSUBSCRIBE_TEXTS.invalid}</p>;
  else if (done)
    body = (
      <p role="status">
        Done: no more e-mails for “{label}”. You can switch them on again on your{' '}
        <Link to="/profile">profile</Link>.
      </p>
    );
  else
    body = (
      <>
        <p>
          No more e-mails for “{label}”. It still shows in the app, and you can switch these e-mails
          on again on your profile.
        </p>
        {unsubscribe.isError ? (
          <p role="alert" className="text-red-700">
            {serverMessageOr(unsubscribe.error, UNSUBSCRIBE_TEXTS.failed)}
          </p>
        ) : null}
        <Button
          className="self-start"
          onClick={() => unsubscribe.mutate()}
          isLoading={unsubscribe.isPending}
          loadingText="Unsubscribing..."
        >
          {UNSUBSCRIBE_TEXTS.confirm}
        </Button>
      </>
    );

  return (
    <PageShell>
      <main className="flex flex-1 justify-center bg-slate-50 px-4 py-16">
        <section
          aria-labelledby="unsubscribe-title"
          className="flex w-full max-w-md flex-col gap-4 rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200 [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline"
        >
          <h1 id="unsubscribe-title" className="text-2xl font-bold text-slate-900">
            {UNSUBSCRIBE_TEXTS.title}
          </h1>
          {body}
        </section>
      </main>
    </PageShell>
  );
}
