import { API } from '@member-wallet/contract/api-paths';
import { type OtpSendRequest, type OtpSendResponse, otpSendResponse } from '@member-wallet/contract/otp';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function sendOtp(body: OtpSendRequest): Promise<OtpSendResponse> {
  return request(API.otpSend, { method: 'POST', body, schema: otpSendResponse });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
