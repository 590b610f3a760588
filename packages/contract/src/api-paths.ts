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
} as const;
