import { useEffect, useRef, useState } from 'react';
import type { Rider } from '@aeropool/contract/accounts';
import { focusPageHeadingIfLost } from '../../../lib/use-focus-stays-nearby';
import { riderName } from '../../trips/utils/trip-route';
import { BlockDialog } from './block-dialog';
import { ReportDialog } from './report-dialog';

type Props = {
  rider: Pick<Rider, '_id' | 'firstName' | 'lastName'>;
  /** Reports are for riders met through a match or a request, as the server allows. */
  canReport: boolean;
  className?: string;
  /** After a block, or a report (which blocks too): e.g. a chat between them closes at once. */
  onBlocked?: () => void;
};

const linkButton =
  'min-h-11 rounded-md px-3 text-sm font-semibold text-slate-600 underline-offset-2 hover:bg-slate-100 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700';

/** Block and Report, quiet but always at hand on a card that shows another rider. */
export function RiderSafetyActions({ rider, canReport, className = '', onBlocked }: Props) {
  const [open, setOpen] = useState<'block' | 'report' | null>(null);
  const hasActedRef = useRef(false);
  const name = riderName(rider);

  // A block or report removes the card holding these buttons on the refetch, with the dialog
  // open or after it closed, and focus would fall to <body>. Checked a microtask later: by then
  // the dialog has returned focus (to Block, if the card stayed) and lifted the page's inert.
  useEffect(() => {
    if (open === null && !hasActedRef.current) return;
    return () => queueMicrotask(focusPageHeadingIfLost);
  }, [open]);

  const onDone = () => {
    hasActedRef.current = true;
    onBlocked?.();
  };
  return (
    <div className={`flex flex-wrap items-center gap-1 ${className}`}>
      <button
        type="button"
        className={linkButton}
        aria-label={`Block ${name}`}
        onClick={() => setOpen('block')}
      >
        Block
      </button>
      {canReport ? (
        <button
          type="button"
          className={linkButton}
          aria-label={`Report ${name}`}
          onClick={() => setOpen('report')}
        >
          Report
        </button>
      ) : null}
      <BlockDialog
        isOpen={open === 'block'}
        riderId={rider._id}
        name={name}
        onDone={onDone}
        onClose={() => setOpen(null)}
      />
      {canReport ? (
        <ReportDialog
          isOpen={open === 'report'}
          riderId={rider._id}
          name={name}
          onDone={onDone}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}
