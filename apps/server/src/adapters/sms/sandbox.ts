import { HttpSmsSender } from './http.ts';

/**
 * The sandbox SMS party is reached exactly as a real one: the same HTTP adapter, over real HTTP, with this
 * server's own address (known only once it listens) and the sandbox key.
 */
export function sandboxSmsSender(ownBaseUrl: () => string, apiKey: string): HttpSmsSender {
  return new HttpSmsSender({ baseUrl: () => `${ownBaseUrl()}/sandbox/sms`, apiKey });
}
