import { API } from '@member-wallet/contract/api-paths';
import { type OtpVerifyRequest, type OtpVerifyResponse, otpVerifyResponse } from '@member-wallet/contract/otp';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function verifyOtp(body: OtpVerifyRequest): Promise<OtpVerifyResponse> {
  return request(API.otpVerify, { method: 'POST', body, schema: otpVerifyResponse });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
