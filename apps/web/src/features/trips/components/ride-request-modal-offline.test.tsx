import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { RideRequestModal } from './ride-request-modal';

// As when the rider is offline before the form's code was ever fetched.
vi.mock('./ride-request-form', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(cleanup);

it('says so in the dialog when the form’s code cannot load', async () => {
  render(<RideRequestModal isOpen userId="rider-1" onClose={() => undefined} />);
  const dialog = screen.getByRole('dialog', { name: 'Create Ride Request' });
  expect(await screen.findByRole('alert')).toHaveProperty(
    'textContent',
    'The form could not be loaded. Check your connection, then reload the page.',
  );
  expect(dialog.contains(screen.getByRole('alert'))).toBe(true);
});
