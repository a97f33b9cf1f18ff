import { useSyncExternalStore } from 'react';
import { PRODUCT_NAME } from '@aeropool/contract/product';
import { applyUpdate, isUpdateWaiting, onUpdateReady } from '../pwa/service-worker-update';

/** A new build is installed while this page still runs the old one: one press moves to it. */
export function UpdateBanner() {
  const isWaiting = useSyncExternalStore(onUpdateReady, isUpdateWaiting, () => false);
  if (!isWaiting) return null;
  return (
    <div
      role="status"
      className="relative z-[60] flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-brand-50 px-4 py-2 text-center text-sm text-brand-900"
    >
      A new version of {PRODUCT_NAME} is ready.
      <button
        type="button"
        onClick={applyUpdate}
        className="min-h-11 rounded-lg px-3 font-semibold text-brand-800 underline hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        Reload
      </button>
    </div>
  );
}
