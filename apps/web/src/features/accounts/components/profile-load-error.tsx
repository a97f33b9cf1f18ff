import { Button } from '../../../components/ui/button';

type Props = { isRetrying: boolean; onRetry: () => void };

/** Spec §2: after a failed load, Retry loads the profile again. */
export function ProfileLoadError({ isRetrying, onRetry }: Props) {
  return (
    <section className="flex flex-col items-center gap-4 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <h1 className="text-2xl font-bold text-slate-900">My Profile</h1>
      <p className="text-slate-600">
        We couldn&apos;t load your profile. Check your connection and try again.
      </p>
      <Button onClick={onRetry} isLoading={isRetrying} loadingText="Retrying...">
        Retry
      </Button>
    </section>
  );
}
