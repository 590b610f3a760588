import { describe, expect, it } from 'vitest';
import { qrcodeResponse } from './deposit.ts';
import { infoLookupResponse, infoResponse } from './lookup.ts';
import { slipItem } from './slip.ts';
import { autoLoginResponse, moneyActionResponse, slotAccountResponse, slotItem } from './wallet.ts';

const answers = {
  qrcode: [
    qrcodeResponse,
    { qrcodeId: 'q', hasQrcode: true, qrcode: '<svg/>', amount: 1, expireIn: 60, message: 'OK' },
  ],
  slip: [
    slipItem,
    {
      id: 's',
      createdAt: '2026-01-01T00:00:00.000Z',
      amount: 1,
      status: 'SUCCESS',
      note: null,
      link: null,
      reference: 'R',
    },
  ],
  giftLink: [moneyActionResponse, { message: 'SUCCESS', wallet: { amount: 1 }, status: 'SUCCESS', reference: 'r' }],
  launch: [autoLoginResponse, { link: 'https://games.example/launch' }],
  account: [slotAccountResponse, { username: 'u', password: 'p' }],
  slot: [
    slotItem,
    {
      code: 'PG',
      name: 'PG',
      category: 'slot',
      logo: '',
      background: '',
      amount: 0,
      isActive: true,
      ftWalletSlot: 1,
      web: null,
      android: null,
      ios: null,
    },
  ],
  info: [infoLookupResponse, { name: 'Lucky', website: 'https://lucky.example' }],
} as const;

describe('the sandbox label', () => {
  it.each(Object.entries(answers))('%s: a real party answers without the key, a sandbox party with true', (_, pair) => {
    const [schema, answer] = pair as unknown as [{ parse(value: unknown): Record<string, unknown> }, object];
    expect(schema.parse(answer)).not.toHaveProperty('sandbox');
    expect(schema.parse({ ...answer, sandbox: true })).toMatchObject({ sandbox: true });
  });

  it('is no part of the info setting, so an operator cannot store it', () => {
    expect(infoResponse.parse({ name: 'Lucky', website: '', sandbox: true })).toEqual({ name: 'Lucky', website: '' });
  });
});
