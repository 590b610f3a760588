import { API } from '@member-wallet/contract/api-paths';
import type { Country } from '@member-wallet/contract/constants';
import { otpSendRequest, otpSendResponse, otpVerifyRequest, otpVerifyResponse } from '@member-wallet/contract/otp';
import type { Router } from '../../lib/route.ts';
import type { OtpService } from './otp.service.ts';

const tags = ['otp'];

export function otpRoutes(route: Router, otp: OtpService, country: Country) {
  route({
    method: 'POST',
    url: API.otpSend,
    auth: false,
    summary: 'Send a registration OTP to a phone',
    tags,
    body: otpSendRequest(country),
    response: otpSendResponse,
    handler: ({ body, request }) => otp.send(body.phoneNumber, request.ip),
  });
  route({
    method: 'POST',
    url: API.otpVerify,
    auth: false,
    summary: 'Verify an OTP code',
    tags,
    body: otpVerifyRequest,
    response: otpVerifyResponse,
    handler: async ({ body }) => {
      await otp.verify(body.otpToken, body.otpCode);
      return { message: 'OTP_CODE_VALID' as const };
    },
  });
}
