import type { Place } from '@aeropool/contract/places';
import { TERMINALS, terminalAt, type TerminalId } from '@aeropool/contract/terminals';
import {
  rideRequestBodySchema,
  type RideRequest,
  type RideRequestBody,
} from '@aeropool/contract/rides';
import { fromKolkataInputValue, toKolkataInputValue } from '../../../lib/format-time';
import { cityPlaceOf, terminalPlaceOf } from './trip-route';

export type Direction = RideRequest['direction'];

export type RideRequestFormValues = {
  direction: Direction;
  terminalId: TerminalId;
  /** A picked suggestion; its route is the server's to work out. */
  place: Place | null;
  /** The datetime-local string, Bengaluru wall time. */
  time: string;
};

export const emptyFormValues = (): RideRequestFormValues => ({
  direction: 'drop',
  terminalId: 'T1',
  place: null,
  time: '',
});

/** Edit pre-fills from the stored request, its time shown in Bengaluru time. */
export function formValuesFrom(request: RideRequest): RideRequestFormValues {
  const terminalId = terminalAt(terminalPlaceOf(request))?.id ?? 'T1';
  return {
    direction: request.direction,
    terminalId,
    place: cityPlaceOf(request),
    time: toKolkataInputValue(request.timeOfTravel),
  };
}

export const terminalPlace = (terminalId: TerminalId): Place => {
  const terminal = TERMINALS.find((t) => t.id === terminalId) ?? TERMINALS[0];
  return {
    name: terminal.name,
    latitude: terminal.latitude,
    longitude: terminal.longitude,
    encodedString: '',
  };
};

/**
 * Spec §5: drop goes from a terminal to the searched place, pickup the reverse; all three
 * fields are required. Validated with the server's own schema; null means 'fill in all fields'.
 */
export function toRideRequestBody(
  values: RideRequestFormValues,
  riderId: string,
): RideRequestBody | null {
  const timeOfTravel = fromKolkataInputValue(values.time);
  if (!values.place || timeOfTravel === null) return null;
  // The server works out the route itself. Sent back, a stored road route longer than the
  // schema lets a client send would fail the form as if a field were empty.
  const { encodedString: _route, ...place } = values.place;
  const city = { ...place, encodedString: '' };
  const airport = terminalPlace(values.terminalId);
  const body = {
    source: values.direction === 'drop' ? airport : city,
    destination: values.direction === 'drop' ? city : airport,
    timeOfTravel,
    rider: riderId,
  };
  return rideRequestBodySchema.safeParse(body).success ? body : null;
}
