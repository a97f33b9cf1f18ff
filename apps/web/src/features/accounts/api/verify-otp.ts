import { useMutation } from '@tanstack/react-query';
import type { OtpVerifyBody } from '@aeropool/contract/accounts';
import { api } from '../../../lib/api-client';

type VerificationResult = { verificationToken: string; expiresAt: string };

/** Answers the short-lived token that /user/create and /user/forgotpassword require. */
export async function verifyOtp(body: OtpVerifyBody): Promise<string> {
  const result = await api.post<VerificationResult>('/otp/verify', body);
  const token = result.entities[0]?.verificationToken;
  if (!token) throw new Error('The server did not return a verification token.');
  return token;
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
