import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { RideRequestModal } from './ride-request-modal';
import type { RideRequestFormProps } from './ride-request-form';

/**
 * Stands in for the form: a save the test finishes by closing the dialog, and, as the form does,
 * not saving any more once unmounted.
 */
const save = vi.hoisted(() => ({ finish: () => undefined as void }));
vi.mock('./ride-request-form', async () => {
  const { useEffect } = await import('react');
  return {
    RideRequestForm: ({ onDone, onSavingChange }: RideRequestFormProps) => {
      useEffect(() => () => onSavingChange?.(false), [onSavingChange]);
      return (
        <button
          type="button"
          onClick={() => {
            onSavingChange?.(true);
            save.finish = () => onDone();
          }}
        >
          Create Request
        </button>
      );
    },
  };
});

afterEach(cleanup);

function Page() {
  const [isOpen, setIsOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Create New Request
      </button>
      <RideRequestModal isOpen={isOpen} userId="rider-1" onClose={() => setIsOpen(false)} />
    </>
  );
}

it('stays open while the request is saved, and can be closed again after', async () => {
  render(<Page />);
  const dialog = await screen.findByRole('dialog', { name: 'Create Ride Request' });
  fireEvent.click(await screen.findByRole('button', { name: 'Create Request' }));
  fireEvent.keyDown(dialog, { key: 'Escape' });
  expect(screen.getByRole('dialog', { name: 'Create Ride Request' })).toBeTruthy();

  // The save ends by closing the dialog; opened again, it closes as usual.
  act(() => save.finish());
  expect(screen.queryByRole('dialog')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Create New Request' }));
  const again = await screen.findByRole('dialog', { name: 'Create Ride Request' });
  fireEvent.keyDown(again, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).toBeNull();
});
