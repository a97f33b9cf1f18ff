import { act, renderHook } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { useOtpSteps } from './use-otp-steps';

const sent = () => vi.fn(async (_email: string) => true);

it('back from step 3 clears the used code and lets a new one be asked for at once', async () => {
  const { result } = renderHook(() => useOtpSteps());
  await act(() => result.current.verifyEmail('asha@example.com', sent()));
  expect(result.current.resendTimer.secondsLeft).toBe(30);
  act(() => {
    result.current.setOtp('123456');
    result.current.setVerificationToken('proof');
  });
  act(() => result.current.goToStep(3));
  expect(result.current.verificationToken).toBe('proof');

  act(() => result.current.goToStep(2));
  expect(result.current).toMatchObject({ step: 2, otp: '', verificationToken: null });
  expect(result.current.resendTimer.secondsLeft).toBe(0);
});

it('back to step 1 and the same address again returns to the code sent, without asking for another', async () => {
  const send = sent();
  const { result } = renderHook(() => useOtpSteps());
  await act(() => result.current.verifyEmail('asha@example.com', send));
  act(() => result.current.setOtp('12'));
  act(() => result.current.goToStep(1));
  // Spec §4: away from step 2 the countdown resets and the code clears.
  expect(result.current).toMatchObject({ step: 1, otp: '' });
  expect(result.current.resendTimer.isRunning).toBe(false);

  // The server refuses a second code to this address for 30 s: going on must not ask for one.
  await act(() => result.current.verifyEmail('asha@example.com', send));
  expect(send).toHaveBeenCalledTimes(1);
  expect(result.current.step).toBe(2);
  expect(result.current.resendTimer.isRunning).toBe(true);

  act(() => result.current.goToStep(1));
  await act(() => result.current.verifyEmail('ravi@example.com', send));
  expect(send).toHaveBeenLastCalledWith('ravi@example.com');
  expect(send).toHaveBeenCalledTimes(2);
});

it('stays on step 1 when the code could not be sent', async () => {
  const { result } = renderHook(() => useOtpSteps());
  const refused = vi.fn(async () => false);
  await act(async () => {
    expect(await result.current.verifyEmail('asha@example.com', refused)).toBe(false);
  });
  expect(result.current.step).toBe(1);
  expect(result.current.resendTimer.isRunning).toBe(false);
});

it('counts a code sent again on step 2 as the one to go back to', async () => {
  vi.useFakeTimers();
  try {
    const send = sent();
    const { result } = renderHook(() => useOtpSteps());
    await act(() => result.current.verifyEmail('asha@example.com', send));
    vi.advanceTimersByTime(31_000);
    await act(() => result.current.resendCode('asha@example.com', send));
    expect(send).toHaveBeenCalledTimes(2);
    act(() => result.current.goToStep(1));
    await act(() => result.current.verifyEmail('asha@example.com', send));
    expect(send).toHaveBeenCalledTimes(2);
    expect(result.current.step).toBe(2);
  } finally {
    vi.useRealTimers();
  }
});
