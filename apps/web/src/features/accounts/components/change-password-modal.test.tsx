import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { PROFILE_TOASTS } from '../account-toasts';
import { ChangePasswordModal } from './change-password-modal';
import { holdFetch } from '../../../lib/fake-fetch';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ default: toast }));

beforeEach(() => saveSession({ userId: 'me', userEmail: 'me@example.com', token: 't' }));

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

it('cannot be closed with ✕, Escape or the backdrop while the password is being changed', async () => {
  const api = holdFetch();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ChangePasswordModal isOpen email="me@example.com" onClose={onClose} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Change Password' });
  fireEvent.change(screen.getByLabelText('Current Password'), { target: { value: 'old-secret' } });
  fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'new-secret-1' } });
  fireEvent.change(screen.getByLabelText('Confirm New Password'), {
    target: { value: 'new-secret-1' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
  await waitFor(() => expect(api.fetchMock).toHaveBeenCalledTimes(1));
  await screen.findByRole('button', { name: 'Updating...' });

  const close = screen.getByRole('button', { name: 'Close' });
  expect(close).toHaveProperty('disabled', true);
  fireEvent.click(close);
  fireEvent.keyDown(document, { key: 'Escape' });
  fireEvent.mouseDown(dialog.parentElement!);
  expect(onClose).not.toHaveBeenCalled();

  // Answered, the change closes the dialog itself, once.
  await act(async () => api.answer());
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PROFILE_TOASTS.passwordChanged));
  expect(onClose).toHaveBeenCalledTimes(1);
});

it('opens with focus in Current Password, not in the hidden username kept for password managers', () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ChangePasswordModal isOpen email="me@example.com" onClose={() => undefined} />
    </QueryClientProvider>,
  );
  expect(document.activeElement).toBe(screen.getByLabelText('Current Password'));
});
