import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { RideRequest } from '@aeropool/contract/rides';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import type { RideRequestFormProps } from './ride-request-form';

/** The form's code did not arrive (offline before it was cached); the browser keeps the failure. */
function FormUnavailable() {
  return (
    <p role="alert" className="text-sm text-red-700">
      The form could not be loaded. Check your connection, then reload the page.
    </p>
  );
}

// The form, its place search and the schemas it validates with are code of their own, so My
// Trips' first card does not wait for them (issue 7); My Trips fetches it once its list shows.
const loadForm = () =>
  import('./ride-request-form').then(
    (module) => ({ default: module.RideRequestForm }),
    () => ({ default: FormUnavailable }),
  );
const RideRequestForm = lazy<ComponentType<RideRequestFormProps>>(loadForm);

/** Fetches the form's code ahead of the first opening. */
export const preloadRideRequestForm = () => void loadForm();

type Props = {
  isOpen: boolean;
  /** The request to edit; absent to create one. */
  request?: RideRequest;
  userId: string;
  onClose: () => void;
};

export function RideRequestModal({ isOpen, request, userId, onClose }: Props) {
  // While it saves, the dialog stays: closed and opened again, the first save's end would close
  // the new form, and a failure would have no form left to fix.
  const [isSaving, setIsSaving] = useState(false);
  return (
    <Modal
      isOpen={isOpen}
      title={request ? 'Edit Ride Request' : 'Create Ride Request'}
      onClose={onClose}
      isBusy={isOpen && isSaving}
    >
      {/* Mounted only while open, so every opening starts from the request or from blank. */}
      <Suspense fallback={<Spinner label="Loading the form…" />}>
        <RideRequestForm
          request={request}
          userId={userId}
          onDone={onClose}
          onSavingChange={setIsSaving}
        />
      </Suspense>
    </Modal>
  );
}
