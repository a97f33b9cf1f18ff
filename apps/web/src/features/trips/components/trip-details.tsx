import { useId, type ReactNode } from 'react';
import type { RideRequest } from '@aeropool/contract/rides';
import { CardSkeletons } from '../../../components/ui/skeleton';
import { useMatchesAndRequests } from '../api/get-matches-and-requests';
import { useErrorToast } from '../hooks/use-error-toast';
import { TRIPS_TOASTS } from '../trip-toasts';
import { MatchRequestItem } from './match-request-item';
import { PotentialMatchItem } from './potential-match-item';

/** Spec §2: an expanded card's three lists, fetched when it opens. */
export function TripDetails({ request }: { request: RideRequest }) {
  const query = useMatchesAndRequests(request._id, true);
  useErrorToast(
    query.isError,
    query.errorUpdatedAt,
    TRIPS_TOASTS.fetchMatchesFailed,
    `matches-${request._id}`,
  );

  if (query.isPending) return <CardSkeletons count={2} label="Loading matches…" />;
  // A refresh that fails keeps what was loaded (its toast says so); only a first load that
  // failed has nothing to show.
  if (query.isLoadingError) {
    return (
      <p className="text-sm text-slate-600">
        Matches could not be loaded.{' '}
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="font-semibold text-brand-700 underline"
        >
          Try again
        </button>
      </p>
    );
  }

  const { potentialMatches, incomingMatches, outgoingMatches } = query.data;
  return (
    <div className="flex flex-col gap-5">
      <DetailsSection title="Potential Matches" emptyText="No potential matches yet.">
        {potentialMatches.map((match) => (
          <PotentialMatchItem
            key={match._id}
            match={match}
            myRequestId={request._id}
            myTime={request.timeOfTravel}
          />
        ))}
      </DetailsSection>
      <DetailsSection title="Incoming Requests" emptyText="No incoming requests.">
        {incomingMatches.map((matchRequest) => (
          <MatchRequestItem
            key={matchRequest._id}
            kind="incoming"
            matchRequest={matchRequest}
            myRequestId={request._id}
            myTime={request.timeOfTravel}
          />
        ))}
      </DetailsSection>
      <DetailsSection title="Outgoing Requests" emptyText="No outgoing requests.">
        {outgoingMatches.map((matchRequest) => (
          <MatchRequestItem
            key={matchRequest._id}
            kind="outgoing"
            matchRequest={matchRequest}
            myRequestId={request._id}
            myTime={request.timeOfTravel}
          />
        ))}
      </DetailsSection>
    </div>
  );
}

type SectionProps = { title: string; emptyText: string; children: ReactNode[] };

function DetailsSection({ title, emptyText, children }: SectionProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h4 id={titleId} className="text-sm font-semibold text-slate-900">
        {title}{' '}
        {/* Hidden from the name so the section is simply "Potential Matches"; lists say their size. */}
        <span aria-hidden="true" className="font-normal text-slate-500">
          ({children.length})
        </span>
      </h4>
      {children.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{emptyText}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">{children}</ul>
      )}
    </section>
  );
}
