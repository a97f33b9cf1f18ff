import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

type Props = {
  isOpen: boolean;
  isPending: boolean;
  /** A cab of three: the others ride on together when this rider leaves. */
  cabGoesOn: boolean;
  /**
   * The rider's own time has passed (on Past, or on Upcoming while a co-rider's is still ahead): the
   * ride request has nothing left to stay open for.
   */
  isAfterTrip: boolean;
  onBack: () => void;
  onConfirm: (alsoCancelMyRequest: boolean) => void;
  returnFocusTo?: () => HTMLElement | null;
};

/** Spec §4: cancelling a match asks first; the rider's own request stays open unless they say. */
export function CancelMatchModal({ isOpen, onBack, isPending, returnFocusTo, ...form }: Props) {
  return (
    <Modal
      isOpen={isOpen}
      title="Cancel this ride?"
      onClose={onBack}
      isBusy={isPending}
      returnFocusTo={returnFocusTo}
    >
      {/* Rendered only while open, so the box starts unticked each time. */}
      <CancelMatchForm isPending={isPending} onBack={onBack} {...form} />
    </Modal>
  );
}

function CancelMatchForm({
  isPending,
  cabGoesOn,
  isAfterTrip,
  onBack,
  onConfirm,
}: Omit<Props, 'isOpen'>) {
  const [alsoCancel, setAlsoCancel] = useState(false);
  return (
    <>
      <p className="text-sm text-slate-600">
        {cabGoesOn
          ? 'You leave the shared cab; the other riders stay matched and are told at once.'
          : 'The shared ride ends for both of you, and your co-rider is told at once.'}{' '}
        {!isAfterTrip
          ? 'Your ride request stays open so you can match with someone else.'
          : cabGoesOn
            ? 'Any rating you gave on this trip is taken back.'
            : 'The trip’s time has passed, so it will show as cancelled, and any rating you gave on it is taken back.'}
      </p>
      {isAfterTrip ? null : (
        <label className="flex items-start gap-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={alsoCancel}
            disabled={isPending}
            onChange={(event) => setAlsoCancel(event.target.checked)}
            className="mt-0.5 size-5 accent-brand-700"
          />
          <span>
            <span className="font-semibold text-slate-900">Also cancel my ride request</span>
            <span className="block">I no longer need a shared cab for this trip.</span>
          </span>
        </label>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={isPending}>
          Go Back
        </Button>
        <Button
          variant="danger"
          onClick={() => onConfirm(alsoCancel)}
          isLoading={isPending}
          loadingText="Cancelling..."
        >
          Yes, Cancel Ride
        </Button>
      </div>
    </>
  );
}
