import { isInCityBounds, terminalAt, type Place, type TerminalId } from '@aeropool/contract/places';
import { RIDE_LIMITS, TOO_FAR_AHEAD } from '@aeropool/contract/ride-rules';
import { AppError } from '../../lib/app-error';

export type RideInput = {
  direction: 'drop' | 'pickup';
  terminal: TerminalId;
  place: { name: string; latitude: number; longitude: number };
  timeOfTravel: Date;
};

const DAY_MS = 86_400_000;

/**
 * Turns the spec's {source, destination, timeOfTravel} into a direction, a terminal and a city
 * place. Exactly one end is a terminal (drop: the source; pickup: the destination); the other is
 * inside the city box; the time is ahead and at most 90 days away.
 */
export function parseRideInput(
  body: { source: Place; destination: Place; timeOfTravel: number },
  now: Date,
): RideInput {
  const sourceTerminal = terminalAt(body.source);
  const destinationTerminal = terminalAt(body.destination);
  if (!sourceTerminal === !destinationTerminal) {
    throw new AppError(
      'BAD_REQUEST',
      'One end of the ride must be an airport terminal and the other a place in Bengaluru.',
      {
        field: 'source',
      },
    );
  }
  const direction = sourceTerminal ? 'drop' : 'pickup';
  const terminal = (sourceTerminal ?? destinationTerminal)!;
  const place = sourceTerminal ? body.destination : body.source;
  if (!isInCityBounds(place)) {
    throw new AppError('BAD_REQUEST', 'Please choose a location in Bengaluru.', {
      field: sourceTerminal ? 'destination' : 'source',
    });
  }

  const time = body.timeOfTravel;
  if (time <= now.getTime()) {
    throw new AppError('BAD_REQUEST', 'Please choose a time in the future.', {
      field: 'timeOfTravel',
    });
  }
  if (time > now.getTime() + RIDE_LIMITS.maxDaysAhead * DAY_MS) {
    throw new AppError('BAD_REQUEST', TOO_FAR_AHEAD, { field: 'timeOfTravel' });
  }
  return {
    direction,
    terminal: terminal.id,
    place: { name: place.name, latitude: place.latitude, longitude: place.longitude },
    timeOfTravel: new Date(time),
  };
}
