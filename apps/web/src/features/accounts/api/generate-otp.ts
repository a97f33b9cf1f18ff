import { useMutation } from '@tanstack/react-query';
import type { OtpPurpose } from '@aeropool/contract/accounts';
import { api } from '../../../lib/api-client';

export type GenerateOtpInput = { email: string; purpose: OtpPurpose };

/** 201 on success; 429 while the 30-second resend cooldown runs (its message says how long). */
export async function generateOtp(input: GenerateOtpInput): Promise<void> {
  await api.post('/otp/generate', input);
}

export function useGenerateOtp() {
  return useMutation({ mutationFn: generateOtp });
}
