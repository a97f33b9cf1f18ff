import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { CancelMatchModal } from './cancel-match-modal';

afterEach(cleanup);

const open = (isAfterTrip: boolean) =>
  render(
    <CancelMatchModal
      isOpen
      isPending={false}
      cabGoesOn={false}
      isAfterTrip={isAfterTrip}
      onBack={() => undefined}
      onConfirm={() => undefined}
    />,
  );

it('before the trip: the request stays open, unless the rider also cancels it', () => {
  open(false);
  expect(screen.getByText(/Your ride request stays open/)).toBeTruthy();
  expect(screen.getByRole('checkbox', { name: /Also cancel my ride request/ })).toBeTruthy();
});

it('after the trip: says the rider’s ratings are taken back, and offers no request to keep', () => {
  open(true);
  expect(screen.getByText(/any rating you gave on it is taken back/)).toBeTruthy();
  expect(screen.queryByText(/Your ride request stays open/)).toBeNull();
  expect(screen.queryByRole('checkbox')).toBeNull();
});
