import {
  type BetSummary,
  type GameCredentials,
  type GameProvider,
  type MoneyCallResult,
  ProviderRefusedError,
  ProviderUnavailableError,
  type TransactionStatus,
} from './game-provider.ts';
import { signature } from './signature.ts';

export interface HttpGameProviderOptions {
  /** Read at call time: in sandbox mode the base URL is this server's own, known only after listen. */
  baseUrl: () => string;
  secret: string;
  timeoutMs: number;
  /**
   * False sends `Connection: close`. For the in-process sandbox: a kept-alive socket from this server to itself
   * is one the server waits for (its keep-alive time-out, over a minute) when it shuts down.
   */
  keepAlive?: boolean;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw new ProviderUnavailableError(`provider answered no ${what}`);
  return value;
}

function minor(value: unknown): bigint {
  if (typeof value !== 'string' || !/^\d{1,18}$/.test(value)) {
    throw new ProviderUnavailableError('provider answered a malformed amount');
  }
  return BigInt(value);
}

/**
 * The real game-provider adapter (docs/parties/games.md, "provider protocol"): JSON over HTTP, every request signed
 * with HMAC-SHA256 (`X-Timestamp`, `X-Signature`), amounts as strings of minor units so no float carries
 * money. A time-out, network error or 5xx is `ProviderUnavailableError`: the outcome is unknown, and a money
 * call is never retried here, only settled later by the reconciler's status query. The sandbox provider
 * speaks exactly this protocol.
 */
export class HttpGameProvider implements GameProvider {
  constructor(private readonly options: HttpGameProviderOptions) {}

  async createAccount(externalId: string): Promise<GameCredentials> {
    const { body } = await this.call('POST', '/accounts', { externalId }, [200]);
    return { username: text(body.username, 'username'), password: text(body.password, 'password') };
  }

  async balance(username: string): Promise<bigint> {
    const { body } = await this.call('GET', `/accounts/${encodeURIComponent(username)}/balance`, undefined, [200]);
    return minor(body.balanceMinor);
  }

  deposit(txId: string, username: string, amountMinor: bigint): Promise<MoneyCallResult> {
    return this.money('deposit', txId, username, amountMinor);
  }

  withdraw(txId: string, username: string, amountMinor: bigint): Promise<MoneyCallResult> {
    return this.money('withdraw', txId, username, amountMinor);
  }

  async transactionStatus(txId: string): Promise<TransactionStatus> {
    const { status, body } = await this.call('GET', `/transactions/${encodeURIComponent(txId)}`, undefined, [200, 404]);
    if (status === 404) return 'not_found';
    if (body.status === 'applied' || body.status === 'failed' || body.status === 'pending') return body.status;
    throw new ProviderUnavailableError('provider answered an unknown transaction status');
  }

  async resetPassword(username: string, password: string): Promise<string> {
    const path = `/accounts/${encodeURIComponent(username)}/password`;
    const { body } = await this.call('POST', path, { password }, [200]);
    return text(body.password, 'password');
  }

  async launchLink(username: string): Promise<string> {
    const { body } = await this.call('POST', `/accounts/${encodeURIComponent(username)}/launch`, {}, [200]);
    return text(body.link, 'link');
  }

  async betSummary(username: string, from: Date, to: Date): Promise<BetSummary> {
    const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
    const path = `/accounts/${encodeURIComponent(username)}/bets/summary?${query}`;
    const { body } = await this.call('GET', path, undefined, [200]);
    const bets = body.bets;
    if (typeof bets !== 'number' || !Number.isSafeInteger(bets) || bets < 0) {
      throw new ProviderUnavailableError('provider answered a malformed bet count');
    }
    return { bets, stakeMinor: minor(body.stakeMinor), winMinor: minor(body.winMinor) };
  }

  private async money(
    type: 'deposit' | 'withdraw',
    txId: string,
    username: string,
    amountMinor: bigint,
  ): Promise<MoneyCallResult> {
    const request = { txId, username, type, amountMinor: amountMinor.toString() };
    const { status, body } = await this.call('POST', '/transactions', request, [200, 422]);
    if (status === 422 && body.status === 'failed') return { status: 'failed', reason: String(body.reason ?? '') };
    if (status === 200 && body.status === 'applied')
      return { status: 'applied', balanceMinor: minor(body.balanceMinor) };
    throw new ProviderUnavailableError(`provider answered ${status} without a definitive status`);
  }

  private async call(method: 'GET' | 'POST', path: string, payload: unknown, expected: number[]): Promise<Answer> {
    const url = new URL(`${this.options.baseUrl()}${path}`);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(Date.now());
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(this.options.keepAlive === false ? { connection: 'close' } : {}),
          'x-timestamp': timestamp,
          'x-signature': signature(this.options.secret, timestamp, method, url.pathname + url.search, body),
        },
        ...(payload === undefined ? {} : { body }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailableError('provider unreachable or too slow', { cause: error });
    }
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (expected.includes(response.status)) return { status: response.status, body: answer };
    if (response.status >= 500) throw new ProviderUnavailableError(`provider answered ${response.status}`);
    throw new ProviderRefusedError(`provider answered ${response.status}`);
  }
}
