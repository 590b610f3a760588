import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/** Every API call of this slice answered as the server would on a healthy site; tests override per case. */
export const defaultHandlers = [
  http.get('*/api/lookup/active', () => HttpResponse.json({ active: true })),
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
      bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' },
    }),
  ),
  http.post('*/api/logout', () => HttpResponse.json({ message: 'OK' })),
  http.post('*/api/account/validate', () => HttpResponse.json({ message: 'OK' })),
];

export const server = setupServer(...defaultHandlers);
