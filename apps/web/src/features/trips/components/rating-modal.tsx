import { useState, type FormEvent } from 'react';
import toast from '../../../lib/notify';
import type { Rider } from '@aeropool/contract/accounts';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useRateCoPassengers } from '../api/rate-co-passenger';
import { RATING_TOASTS } from '../trip-toasts';
import { riderName } from '../utils/trip-route';
import { StarRatingInput } from './star-rating-input';

type Props = {
  isOpen: boolean;
  matchId: string;
  userId: string;
  /** The co-passengers to rate: one from Rate Now, every unrated one when completing. */
  riders: Rider[];
  onClose: () => void;
  /** Called once every rider here was rated successfully. */
  onRated: () => void;
  returnFocusTo?: () => HTMLElement | null;
};

export function RatingModal({ isOpen, riders, onClose, returnFocusTo, ...rest }: Props) {
  // Here, not in the form, so the dialog stays open while the ratings are sent: closing it then
  // would still run onRated, and choosing Completed would complete the match regardless.
  const rate = useRateCoPassengers();
  const title =
    riders.length === 1 && riders[0] ? `Rate ${riders[0].firstName}` : 'Rate your co-passengers';
  return (
    <Modal
      isOpen={isOpen}
      title={title}
      onClose={onClose}
      isBusy={rate.isPending}
      returnFocusTo={returnFocusTo}
    >
      {/* Rendered only while open, so every co-passenger starts at 0 each time. */}
      <RatingForm riders={riders} onClose={onClose} rate={rate} {...rest} />
    </Modal>
  );
}

type FormProps = Omit<Props, 'isOpen'> & { rate: ReturnType<typeof useRateCoPassengers> };

function RatingForm({ matchId, userId, riders, onClose, onRated, rate }: FormProps) {
  const [values, setValues] = useState<Record<string, number>>({});
  // Riders whose rating the server took: a retry after a failure sends only the others.
  const [ratedIds, setRatedIds] = useState<ReadonlySet<string>>(new Set());
  const { mutateAsync, isPending } = rate;
  const isComplete = riders.every((rider) => (values[rider._id] ?? 0) > 0);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isComplete) return;
    const toSend = riders.filter((rider) => !ratedIds.has(rider._id));
    try {
      const results = await mutateAsync(
        toSend.map((rider) => ({
          matchId,
          raterUserId: userId,
          ratedUserId: rider._id,
          rating: values[rider._id]!,
        })),
      );
      const taken = toSend.filter((_, index) => results[index]!.status === 'fulfilled');
      for (const rider of taken)
        toast.success(RATING_TOASTS.rated(riderName(rider), values[rider._id]!));
      if (taken.length < toSend.length) {
        setRatedIds((current) => new Set([...current, ...taken.map((rider) => rider._id)]));
        toast.error(RATING_TOASTS.failed);
        return;
      }
      onRated();
    } catch {
      toast.error(RATING_TOASTS.failed);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <p className="text-sm text-slate-600">Choose 1 to 5 stars for each co-passenger.</p>
      {riders.map((rider) => (
        <StarRatingInput
          key={rider._id}
          name={riderName(rider)}
          value={values[rider._id] ?? 0}
          onChange={(value) => setValues((current) => ({ ...current, [rider._id]: value }))}
          // Sent and taken: as rated, not to be changed here.
          disabled={isPending || ratedIds.has(rider._id)}
        />
      ))}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={!isComplete}
          isLoading={isPending}
          loadingText="Submitting..."
        >
          Submit Rating
        </Button>
      </div>
    </form>
  );
}
