import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { RideRequest } from '@aeropool/contract/rides';
import type { CoPassengerRating } from '../utils/co-passenger-ratings';
import { MatchedRiders } from './matched-riders';

const place = (name: string, latitude: number) => ({
  name,
  latitude,
  longitude: 77.6,
  encodedString: '',
});

const coPassenger = (id: string, firstName: string, lastName: string): CoPassengerRating => {
  const request: RideRequest = {
    _id: id,
    rider: { _id: `user-${id}`, firstName, lastName, email: `${id}@example.com` },
    source: place('Terminal 1', 13.2),
    destination: place('Koramangala', 12.9),
    timeOfTravel: Date.UTC(2030, 0, 1, 10),
    status: 'Matched',
    direction: 'drop',
    seats: 1,
    bags: 1,
  };
  return { request, rating: null, isLoading: false, isError: false };
};

afterEach(cleanup);

it('names the co-rider on each Rate Now in a cab of three, the visible text unchanged', () => {
  // Block and Report beside each rider refresh queries after use.
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MatchedRiders
        coPassengers={[coPassenger('a', 'Asha', 'R.'), coPassenger('b', 'Bindu', 'H.')]}
        canRate
        onRate={() => undefined}
      />
    </QueryClientProvider>,
  );
  // Each with their trip, their terminal too.
  expect(screen.getAllByText('Terminal 1 → Koramangala')).toHaveLength(2);
  for (const name of ['Asha R.', 'Bindu H.']) {
    const button = screen.getByRole('button', { name: `Rate Now, ${name}` });
    expect(button.textContent).toBe('Rate Now');
  }
});
