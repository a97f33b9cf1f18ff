import { useId, useState } from 'react';
import type { RideRequest } from '@aeropool/contract/rides';
import { Button } from '../../../components/ui/button';
import { routeText, tripLabel } from '../utils/trip-route';
import { StatusBadge } from '../../../components/ui/status-badge';
import { WomenOnlyChip } from './women-only-chip';
import { TripActionsMenu } from './trip-actions-menu';
import { TripDetails } from './trip-details';
import { TripTime } from './trip-time';
import { DirectionIcon } from './direction-icon';
import { useFocusStaysNearby } from '../../../lib/use-focus-stays-nearby';
import { ShareTripPanel } from '../../trip-share/components/share-trip-panel';

type Props = {
  request: RideRequest;
  /** A trip link for family still showing this ride's cancelled match, to turn off here. */
  cancelledTripLinkMatchId?: string;
  onEdit: (request: RideRequest) => void;
  onCancel: (request: RideRequest) => void;
};

/**
 * A ride request without a match (spec §2). Spec §4: an Expired one cannot be edited, cancelled
 * or expanded, so it has no menu and a disabled Expired button instead of Show Details.
 */
export function RequestCard({ request, cancelledTripLinkMatchId, onEdit, onCancel }: Props) {
  // Sending, answering or cancelling moves this off the list: focus stays near, not on <body>.
  const itemRef = useFocusStaysNearby<HTMLElement>();
  const [isExpanded, setIsExpanded] = useState(false);
  const headingId = useId();
  const detailsId = useId();
  const isExpired = request.status === 'Expired';

  return (
    <article
      ref={itemRef}
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
            <DirectionIcon direction={request.direction} className="mr-1.5" />
            {tripLabel(request)}
          </p>
          <h3 id={headingId} className="mt-1 text-base font-semibold break-words text-slate-900">
            {routeText(request)}
          </h3>
          <TripTime ms={request.timeOfTravel} className="mt-1 block text-sm text-slate-600" />
          {/* Under the time, not beside the status: at phone width the route kept ~120 px. */}
          {request.womenOnly ? (
            <p className="mt-2">
              <WomenOnlyChip />
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <StatusBadge status={request.status} label="Status" />
          {isExpired ? null : (
            <TripActionsMenu
              trip={routeText(request)}
              onEdit={() => onEdit(request)}
              onCancel={() => onCancel(request)}
            />
          )}
        </div>
      </div>

      <div className="mt-4">
        {isExpired ? (
          <Button variant="secondary" disabled>
            Expired
          </Button>
        ) : (
          <Button
            variant="secondary"
            aria-expanded={isExpanded}
            aria-controls={detailsId}
            onClick={() => setIsExpanded((value) => !value)}
          >
            {isExpanded ? 'Hide Details' : 'Show Details'}
          </Button>
        )}
      </div>

      {cancelledTripLinkMatchId ? (
        <div className="mt-4">
          <ShareTripPanel matchId={cancelledTripLinkMatchId} isEnded />
        </div>
      ) : null}

      {isExpanded && !isExpired ? (
        <div id={detailsId} className="mt-4 border-t border-slate-100 pt-4">
          <TripDetails request={request} />
        </div>
      ) : null}
    </article>
  );
}
