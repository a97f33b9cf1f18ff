import { lazy, Suspense } from 'react';
import type { RideRequest } from '@aeropool/contract/rides';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';

// The form, its place search and the schemas it validates with are code of their own, so My
// Trips' first card does not wait for them (issue 7); the page fetches it when the browser idles.
const loadForm = async () => ({ default: (await import('./ride-request-form')).RideRequestForm });
const RideRequestForm = lazy(loadForm);

/** Fetches the form's code ahead of the first opening; a failure is retried by the opening. */
export const preloadRideRequestForm = () => void loadForm().catch(() => undefined);

type Props = {
  isOpen: boolean;
  /** The request to edit; absent to create one. */
  request?: RideRequest;
  userId: string;
  onClose: () => void;
};

export function RideRequestModal({ isOpen, request, userId, onClose }: Props) {
  return (
    <Modal
      isOpen={isOpen}
      title={request ? 'Edit Ride Request' : 'Create Ride Request'}
      onClose={onClose}
    >
      {/* Mounted only while open, so every opening starts from the request or from blank. */}
      <Suspense fallback={<Spinner label="Loading the form…" />}>
        <RideRequestForm request={request} userId={userId} onDone={onClose} />
      </Suspense>
    </Modal>
  );
}
