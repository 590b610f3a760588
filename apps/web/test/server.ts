import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/** A game account as GET /api/wallet lists it; tests override what they need. */
export function demoSlot(overrides: Record<string, unknown> = {}) {
  return {
    code: 'PG',
    name: 'PG Soft',
    category: 'slot',
    logo: '/media/games/pg-logo.png',
    background: '/media/games/pg-bg.jpg',
    amount: 100,
    isActive: true,
    ftWalletSlot: 1,
    web: 'https://games.example.test/pg',
    android: null,
    ios: 'https://apps.example.test/pg-ios',
    ...overrides,
  };
}

/** The wallet of the demo member; tests override what they need. */
export function demoWallet(overrides: Record<string, unknown> = {}) {
  return {
    profile: { _id: 'AB12CD34', name: 'Somchai', username: '0812345678', coin: 3 },
    bankAccount: {
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1234567890',
      bankCode: 'KBANK',
      bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
    },
    wallet: { amount: 1500.5, currency: 'BAHT' },
    invite: { amount: 25, success: 2, fail: 1 },
    slots: [
      demoSlot(),
      demoSlot({ code: 'JOKER', name: 'Joker Gaming', amount: 0, isActive: false, web: null }),
      demoSlot({ code: 'UFABET', name: 'UFABET', category: 'sport', amount: 10.1, ftWalletSlot: 1 }),
    ],
    ...overrides,
  };
}

/** Every API call of this slice answered as the server would on a healthy site; tests override per case. */
export const defaultHandlers = [
  http.get('*/api/lookup/active', () => HttpResponse.json({ active: true })),
  http.get('*/api/wallet/withdrawals/pending', () => HttpResponse.json({ withdrawals: [] })),
  http.get('*/api/lookup/info', () => HttpResponse.json({ name: 'Lucky Wallet', website: 'https://example.test' })),
  http.get('*/api/lookup/registerOTP', () => HttpResponse.json({ registerOTP: false })),
  http.get('*/api/lookup/enableChatWidget', () => HttpResponse.json({ enableChatWidget: false })),
  http.get('*/api/lookup/currencies', () => HttpResponse.json([])),
  http.get('*/api/lookup/banks', () =>
    HttpResponse.json([
      { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', nameLO: 'ທະນາຄານກະສິກອນໄທ' },
      { code: 'KTB', nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank', nameLO: 'ທະນາຄານກຣຸງໄທ' },
      { code: 'SCB', nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank', nameLO: 'ທະນາຄານໄທພານິດ' },
    ]),
  ),
  http.get('*/api/lookup/sources', () =>
    HttpResponse.json([
      { code: 'FB', description: 'Facebook' },
      { code: 'FRIEND', description: 'Friend' },
    ]),
  ),
  http.get('*/api/lookup/howto', () =>
    HttpResponse.json([
      { key: 'wallet', url: '/media/howto/wallet.mp4', demo: true },
      { key: 'playGame', url: '/media/howto/play.mp4', demo: false },
      { key: 'checkBalance', url: '/media/howto/balance.mp4', demo: false },
      { key: 'receiveBonus', url: '/media/howto/receive.mp4', demo: false },
      { key: 'endBonus', url: '/media/howto/end.mp4', demo: false },
    ]),
  ),
  http.get('*/api/lookup/contact', () =>
    HttpResponse.json({
      contactText: 'Open 24 hours',
      lineLink: 'https://line.me/R/ti/p/@lucky',
      lineName: '@lucky',
      lineQR: 'data:image/png;base64,iVBORw0KGgo=',
    }),
  ),
  http.get('*/api/account/profile', () =>
    HttpResponse.json({
      _id: 'AB12CD34',
      memberNo: 1001,
      name: 'Somchai',
      username: '0812345678',
      createdAt: '2025-01-01T00:00:00.000Z',
      currency: 'BAHT',
      bankCode: 'KBANK',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1234567890',
      bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', nameLO: 'ທະນາຄານກະສິກອນໄທ' },
    }),
  ),
  http.get('*/api/wallet', () => HttpResponse.json(demoWallet())),
  http.get('*/api/wallet/refresh/slot', () => HttpResponse.json({ message: 'OK' })),
  http.get('*/api/lookup/withdraw', () => HttpResponse.json({ withdrawMin: 100, withdrawMax: 50000 })),
  http.get('*/api/lookup/conditions', () =>
    HttpResponse.json(['<p>Turnover <b>3x</b> before withdrawal</p>', '<p>One bonus at a time</p>']),
  ),
  http.get('*/api/lookup/agreements', () => HttpResponse.json(['<p>I am over 18 years old</p>'])),
  // The member shell's reality check reads it; off unless a test turns it on.
  http.get('*/api/rg/status', () =>
    HttpResponse.json({
      currency: 'BAHT',
      realityCheckMinutes: null,
      block: null,
      session: { startedAt: '2026-01-01T00:00:00.000Z', netResult: 0 },
    }),
  ),
  http.get('*/api/spinwheel/active', () => HttpResponse.json({ isActive: false })),
  http.post('*/api/logout', () => HttpResponse.json({ message: 'OK' })),
  http.post('*/api/account/validate', () => HttpResponse.json({ message: 'OK' })),
];

export const server = setupServer(...defaultHandlers);
