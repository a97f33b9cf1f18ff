import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { answerEveryFetch } from '../../../lib/fake-fetch';
import { OtpStep } from './otp-step';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ default: toast }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const INVALID = 'Invalid OTP. Please try again.';

function submitCode() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OtpStep
        email="asha@example.com"
        otp="123456"
        onOtpChange={() => undefined}
        texts={{ empty: 'Please enter the OTP', verifiedToast: 'Verified', invalidToast: INVALID }}
        onVerified={() => undefined}
        onBack={() => undefined}
        resendSecondsLeft={0}
        isResending={false}
        onResend={() => undefined}
      />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
}

it.each([
  ['a wrong code', 'Invalid OTP.', INVALID],
  [
    'an expired code',
    'This OTP has expired. Please request a new one.',
    'This OTP has expired. Please request a new one.',
  ],
  [
    'a code tried too often',
    'Too many wrong attempts. Please request a new OTP.',
    'Too many wrong attempts. Please request a new OTP.',
  ],
])('says what to do after %s (each a 400)', async (_label, message, shown) => {
  answerEveryFetch(400, message);
  submitCode();
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith(shown));
});
