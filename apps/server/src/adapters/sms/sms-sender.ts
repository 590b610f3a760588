/** The SMS port: the OTP service sends text messages through it and knows nothing of the party behind it. */
export interface SmsSender {
  send(phone: string, text: string): Promise<{ messageId: string }>;
}

export class SmsSendError extends Error {
  override name = 'SmsSendError';
}
