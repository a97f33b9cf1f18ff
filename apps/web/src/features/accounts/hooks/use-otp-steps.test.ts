import { act, renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { useOtpSteps } from './use-otp-steps';

it('back from step 3 clears the used code and lets a new one be asked for at once', () => {
  const { result } = renderHook(() => useOtpSteps());
  act(() => result.current.goToStep(2));
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
