/**
 * Route patterns of the calls whose path has parts (`:name`): what the server registers, and what API's builders
 * below fill in for the client, so both sides read one path.
 */
export const API_ROUTES = {
  walletActivate: '/api/wallet/activate/:slotCode',
  walletAccount: '/api/wallet/account/:slotCode',
  walletResetPassword: '/api/wallet/resetpassword/:slotCode',
  statementSlipReference: '/api/statement/slip/reference/:reference',
  qrcode: '/api/qrcode/:gateway',
  qrcodeDelete: '/api/qrcode/:gateway/:qrcodeId',
  bonusActivate: '/api/bonus/activate/:code',
  promotionFind: '/api/promotion/find/:code',
  promotionActivate: '/api/promotion/activate/:code',
  /** `GET /api/autoLogin/{path}/{username}[/{password}]` (wallet.ts AUTO_LOGIN). */
  autoLogin: (path: string, withPassword: boolean) =>
    `/api/autoLogin/${path}/:username${withPassword ? '/:password' : ''}`,
} as const;

/**
 * Where the parties call us (docs/parties/): a QR gateway's payment notification in our own signed format, KBank's
 * notification, and the payout party's result. Outside the client-app gate (no `x-app-name`).
 */
export const WEBHOOKS = {
  payments: '/api/webhooks/payments/:gateway',
  kbank: '/api/webhooks/kbank/:gateway',
  payout: '/api/webhooks/payout',
} as const;

/** A route pattern with its named parts (`:name`) filled in, each encoded as a path segment. */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (part, name: string) =>
    name in params ? encodeURIComponent(params[name] as string) : part,
  );
}

/** Paths of the calls (spec section 7, and DESIGN.md section 3 for the ones the spec leaves unshown). */
export const API = {
  lookup: (name: string) => `/api/lookup/${name}`,
  login: '/api/login',
  logout: '/api/logout',
  accountValidate: '/api/account/validate',
  account: '/api/account',
  profile: '/api/account/profile',
  bankAccountName: '/api/account/bankAccountName',
  changePassword: '/api/account/changepwd',
  otpSend: '/api/otp/send',
  otpVerify: '/api/otp/verify',
  wallet: '/api/wallet',
  walletRefreshSlots: '/api/wallet/refresh/slot',
  walletActivate: (slotCode: string) => fillPath(API_ROUTES.walletActivate, { slotCode }),
  walletAccount: (slotCode: string) => fillPath(API_ROUTES.walletAccount, { slotCode }),
  walletResetPassword: (slotCode: string) => fillPath(API_ROUTES.walletResetPassword, { slotCode }),
  walletAdd: '/api/wallet/add',
  walletTransfer: '/api/wallet/transfer',
  walletTransferAll: '/api/wallet/transferAll',
  walletWithdraw: '/api/wallet/withdraw',
  walletWithdrawAll: '/api/wallet/withdrawAll',
  /** Not in the spec (docs/live.md): the member's withdrawals still in progress. */
  walletPendingWithdrawals: '/api/wallet/withdrawals/pending',
  /** A TrueMoney gift link, encrypted (truelink.ts); the key comes from `lookup('truelink')`. */
  walletTruelink: '/api/wallet/truelink',
  walletSlip: '/api/wallet/slip',
  statement: '/api/statement',
  statementSlips: '/api/statement/slip',
  statementSlipReference: (reference: string) => fillPath(API_ROUTES.statementSlipReference, { reference }),
  /** `GET` the live QR of a gateway (deposit.ts `QR_GATEWAYS`), `POST` to create one. */
  qrcode: (gateway: string) => fillPath(API_ROUTES.qrcode, { gateway }),
  qrcodeDelete: (gateway: string, qrcodeId: string) => fillPath(API_ROUTES.qrcodeDelete, { gateway, qrcodeId }),
  autoLogin: (path: string, username: string, password?: string) =>
    password === undefined
      ? fillPath(API_ROUTES.autoLogin(path, false), { username })
      : fillPath(API_ROUTES.autoLogin(path, true), { username, password }),
  // Safer play (safer-play.ts; docs/safer-play.md): names fixed by issue 23.
  rgLimits: '/api/rg/limits',
  rgRealityCheck: '/api/rg/reality-check',
  rgTimeout: '/api/rg/timeout',
  rgSelfExclusion: '/api/rg/self-exclusion',
  rgActivity: '/api/rg/activity',
  rgStatus: '/api/rg/status',
  rgReopen: '/api/rg/reopen',
  // Invite a friend and loss refunds (invite.ts, refund.ts; docs/promotions/invite.md, refunds.md).
  invites: '/api/invite',
  inviteBonus: '/api/invite/bonus',
  inviteBanners: '/api/invite/banners',
  refunds: '/api/refund',
  refundCheck: '/api/refund/check',
  refundReceive: '/api/refund/receive',
  /** An alias of `refundReceive` (docs/promotions/refunds.md). */
  refundAddWallet: '/api/refund/addWallet',
  refundBanners: '/api/refund/banners',
  // Web Push (push.ts; docs/app.md): the VAPID key, and `POST`/`DELETE` a subscription.
  pushKey: '/api/push/key',
  pushSubscribe: '/api/push/subscribe',
  // Prize wheel (spin.ts; docs/promotions/wheel.md).
  spinActive: '/api/spinwheel/active',
  spinSetup: '/api/spinwheel/setup',
  spin: '/api/spinwheel/spin',
  spinCoupons: '/api/spinwheel/coupon',
  /** One page of the coupons, `page` from 1, `limit` at most SPIN_COUPONS_LIMIT_MAX (spin.ts). */
  spinCouponsPage: (page: number, limit: number) => `/api/spinwheel/coupon?page=${page}&limit=${limit}`,
  spinCouponClaim: '/api/spinwheel/coupon/claim',
  // Bonuses and promotion codes (bonus.ts; docs/promotions/bonuses.md).
  bonus: '/api/bonus',
  bonusActivate: (code: string) => fillPath(API_ROUTES.bonusActivate, { code }),
  bonusCheckActive: '/api/bonus/check/active',
  bonusCheckMinimum: '/api/bonus/check/minimum',
  bonusClear: '/api/bonus/clear',
  promotionCurrent: '/api/promotion/current',
  promotionFind: (code: string) => fillPath(API_ROUTES.promotionFind, { code }),
  promotionActivate: (code: string) => fillPath(API_ROUTES.promotionActivate, { code }),
  // Live chat (chat.ts; docs/chat.md).
  chatConfig: '/api/chat/config',
  chatGuest: '/api/chat/guest',
  chatClaimGuest: '/api/chat/claim-guest',
  chatSendMessage: '/api/chat/send-message',
  chatHistory: '/api/chat/history',
  chatUploadImage: '/api/chat/upload-image',
  chatUploadVideo: '/api/chat/upload-video',
  chatReadCustomer: '/api/chat/read-customer/',
  /**
   * Where an uploaded chat file is served (the `path` an upload answers starts with this): outside /api, since
   * an <img> or <video> sends no app header; the file's random name is the credential.
   */
  chatFiles: '/files/chat',
} as const;
