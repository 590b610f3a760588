import { setTimeout as sleep } from 'node:timers/promises';
import { SmsSendError, type SmsSender } from './sms-sender.ts';

export interface HttpSmsSenderOptions {
  /** Read at send time: in sandbox mode the base URL is this server's own, known only after listen. */
  baseUrl: () => string;
  apiKey: string;
  timeoutMs?: number;
  /** Extra tries after a network error; an HTTP error answer is not retried (the party saw the request). */
  retries?: number;
  retryDelayMs?: number;
}

/** The real SMS adapter: `POST {base}/messages {to, text}` with a bearer key. The sandbox party speaks the same. */
export class HttpSmsSender implements SmsSender {
  constructor(private readonly options: HttpSmsSenderOptions) {}

  async send(phone: string, text: string): Promise<{ messageId: string }> {
    const retries = this.options.retries ?? 2;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${this.options.baseUrl()}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${this.options.apiKey}` },
          body: JSON.stringify({ to: phone, text }),
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        if (attempt >= retries) throw new SmsSendError('SMS party unreachable', { cause: error });
        await sleep((this.options.retryDelayMs ?? 200) * (attempt + 1));
        continue;
      }
      if (!response.ok) throw new SmsSendError(`SMS party answered ${response.status}`);
      const body = (await response.json().catch(() => ({}))) as { messageId?: unknown };
      return { messageId: typeof body.messageId === 'string' ? body.messageId : '' };
    }
  }
}

/** Used when no SMS party is configured: every send fails, so an OTP request answers OTP_SEND_FAIL. */
export class UnconfiguredSmsSender implements SmsSender {
  async send(): Promise<{ messageId: string }> {
    throw new SmsSendError('No SMS party configured (SMS_BASE_URL)');
  }
}
