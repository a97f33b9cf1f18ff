import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { DeactivateDialog } from './deactivate-dialog';

afterEach(cleanup);

it('cannot be closed with ✕, Escape or the backdrop while the account is being deactivated', () => {
  const onCancel = vi.fn();
  const { rerender } = render(
    <DeactivateDialog isOpen isPending onCancel={onCancel} onConfirm={() => undefined} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Deactivate your account?' });

  const close = screen.getByRole('button', { name: 'Close' });
  expect(close).toHaveProperty('disabled', true);
  fireEvent.click(close);
  fireEvent.keyDown(document, { key: 'Escape' });
  fireEvent.mouseDown(dialog.parentElement!);
  expect(onCancel).not.toHaveBeenCalled();

  // Once the request has failed, the dialog closes as before.
  rerender(
    <DeactivateDialog isOpen isPending={false} onCancel={onCancel} onConfirm={() => undefined} />,
  );
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(onCancel).toHaveBeenCalledTimes(1);
});
