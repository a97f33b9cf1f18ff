import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { answerEveryFetch } from '../../../lib/fake-fetch';
import { RESET_TOASTS } from '../account-toasts';
import { ForgotPasswordStep } from './forgot-password-step';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ default: toast }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

it('goes back for a new code when the verified code’s proof has run out (403)', async () => {
  answerEveryFetch(403, 'Please verify your email with a new OTP before creating your account.');
  const onBack = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ForgotPasswordStep email="asha@example.com" verificationToken="old" onBack={onBack} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'fresh-pass1' } });
  fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'fresh-pass1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith(RESET_TOASTS.resetFailed));
  expect(onBack).toHaveBeenCalledTimes(1);
});
