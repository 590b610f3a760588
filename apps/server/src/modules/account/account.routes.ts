import {
  bankAccountNameResponse,
  profileResponse,
  registerRequest,
  registerResponse,
  updateBankAccountNameRequest,
  updateProfileRequest,
  validateAccountRequest,
} from '@member-wallet/contract/account';
import { API } from '@member-wallet/contract/api-paths';
import type { Country } from '@member-wallet/contract/constants';
import { messageResponse } from '@member-wallet/contract/http';
import type { Router } from '../../lib/route.ts';
import type { AccountService } from './account.service.ts';

const tags = ['account'];

export function accountRoutes(route: Router, accounts: AccountService, country: Country) {
  route({
    method: 'POST',
    url: API.accountValidate,
    auth: false,
    summary: 'Check the profile step of registration',
    tags,
    body: validateAccountRequest(country),
    response: messageResponse,
    handler: async ({ body, request }) => {
      await accounts.validate(body, request.ip);
      return { message: 'OK' };
    },
  });
  route({
    method: 'POST',
    url: API.account,
    auth: false,
    summary: 'Register a member',
    tags,
    body: registerRequest(country),
    response: registerResponse,
    handler: async ({ body, request }) => {
      const member = await accounts.register(body, request.ip);
      return { message: 'SUCCESS', _id: member.public_id };
    },
  });
  route({
    method: 'GET',
    url: API.profile,
    auth: true,
    limited: true,
    summary: "The caller's profile",
    tags,
    response: profileResponse,
    handler: ({ auth }) => accounts.profile(auth.memberId),
  });
  route({
    method: 'PUT',
    url: API.profile,
    auth: true,
    summary: 'Change the display name (bank fields must be the registered ones)',
    tags,
    body: updateProfileRequest,
    response: messageResponse,
    handler: async ({ auth, body }) => {
      await accounts.updateProfile(auth.memberId, body);
      return { message: 'OK' };
    },
  });
  route({
    method: 'PUT',
    url: API.bankAccountName,
    auth: true,
    summary:
      'Change the spelling of the registered bank account name: OK when applied, REVIEW when another name waits for an operator',
    tags,
    body: updateBankAccountNameRequest,
    response: bankAccountNameResponse,
    handler: async ({ auth, body }) => ({ message: await accounts.updateBankAccountName(auth.memberId, body) }),
  });
}
