import { Button } from './button';

type Props = { message: string; isRetrying: boolean; onRetry: () => void };

/** A list that failed to load: what failed and Retry, shown at once (no silent retries on 4xx). */
export function LoadError({ message, isRetrying, onRetry }: Props) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200"
    >
      <p className="text-slate-700">{message}</p>
      <Button
        variant="secondary"
        onClick={onRetry}
        isLoading={isRetrying}
        loadingText="Retrying..."
      >
        Retry
      </Button>
    </div>
  );
}
