import { changePasswordRequest } from '@member-wallet/contract/account';
import { API } from '@member-wallet/contract/api-paths';
import { messageResponse } from '@member-wallet/contract/http';
import { loginRequest, loginResponse } from '@member-wallet/contract/login';
import type { AuthService } from '../../core/auth/auth.service.ts';
import type { Router } from '../../lib/route.ts';

const tags = ['auth'];

export function authRoutes(route: Router, auth: AuthService) {
  route({
    method: 'POST',
    url: API.login,
    auth: false,
    summary: 'Log in with phone and password',
    tags,
    body: loginRequest,
    response: loginResponse,
    handler: async ({ body, request, reply }) => {
      const { session, deviceCookie } = await auth.login({
        username: body.username,
        password: body.password,
        remember: body.remember ?? false,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        cookies: request.headers.cookie,
      });
      reply.header('set-cookie', auth.deviceCookieHeader(deviceCookie, request.protocol === 'https'));
      return session;
    },
  });
  route({
    method: 'POST',
    url: API.logout,
    auth: true,
    limited: true,
    summary: 'Revoke the presented token',
    tags,
    response: messageResponse,
    handler: async ({ auth: caller }) => {
      await auth.logout(caller);
      return { message: 'OK' };
    },
  });
  route({
    method: 'PUT',
    url: API.changePassword,
    auth: true,
    summary: 'Change the password; every other session of the member ends',
    tags,
    body: changePasswordRequest,
    response: messageResponse,
    handler: async ({ auth: caller, body }) => {
      await auth.changePassword(caller, body.oldPassword, body.newPassword);
      return { message: 'OK' };
    },
  });
}
