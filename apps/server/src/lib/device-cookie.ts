import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const KEY_NAME = 'device_cookie';
/** A device stays known for half a year after its last successful sign-in (each one sets the cookie anew). */
const MAX_AGE_SECONDS = 180 * 24 * 3600;
const VALUE = /^v1\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** Keys made once and kept in the database, so every node agrees (core/auth/auth-keys.repository.ts). */
export interface SharedKeys {
  /** The key of this name, made of 32 random bytes (hex) the first time it is asked for. */
  ensureKey(name: string, fresh: () => string): Promise<string>;
}

/** Where a device cookie is set and sent: the member sign-in, or the operators'. */
export interface DeviceCookieSpace {
  /** Part of what is signed, so a member's cookie never counts for an operator of the same name. */
  space: 'member' | 'operator';
  name: string;
  /** The sign-in path: the browser sends the cookie there only. */
  path: string;
}

/**
 * OWASP's device cookies (docs/decisions/0015): a successful sign-in sets `v1.<nonce>.<HMAC over the space, the
 * login and the nonce>`, HttpOnly, SameSite=Strict, on the sign-in path only. A later sign-in for the same login
 * that carries it comes from a device that proved the password: it is throttled on its own counter and spared
 * the per-login limit strangers share. The cookie holds no login and no member id; the HMAC key is made once and
 * kept in the database, so every node agrees.
 */
export class DeviceCookies {
  #key: Promise<Buffer> | undefined;

  constructor(
    private readonly keys: SharedKeys,
    readonly cookie: DeviceCookieSpace,
  ) {}

  /** A new cookie value for a device that has just signed in as `login`. */
  async issue(login: string): Promise<string> {
    const nonce = randomBytes(16).toString('base64url');
    return `v1.${nonce}.${(await this.#mac(login, nonce)).toString('base64url')}`;
  }

  /** The device's nonce when the request's cookie is a genuine one of `login`, else null. */
  async trusted(login: string, cookieHeader: string | undefined): Promise<string | null> {
    const match = VALUE.exec(readCookie(cookieHeader, this.cookie.name) ?? '');
    if (!match?.[1] || !match[2]) return null;
    const given = Buffer.from(match[2], 'base64url');
    const expected = await this.#mac(login, match[1]);
    return given.length === expected.length && timingSafeEqual(given, expected) ? match[1] : null;
  }

  /**
   * The nonce of the request's device cookie when it is well formed, genuine or not: the caller finds whose it was
   * by the nonce (sessions record the nonce they set) and then checks it with `trusted` for that login.
   */
  presentedNonce(cookieHeader: string | undefined): string | null {
    return nonceOf(readCookie(cookieHeader, this.cookie.name) ?? '');
  }

  /** The Set-Cookie header value; Secure when the request came over HTTPS. */
  header(value: string, secure: boolean): string {
    const parts = [
      `${this.cookie.name}=${value}`,
      `Path=${this.cookie.path}`,
      `Max-Age=${MAX_AGE_SECONDS}`,
      'HttpOnly',
      'SameSite=Strict',
    ];
    if (secure) parts.push('Secure');
    return parts.join('; ');
  }

  async #mac(login: string, nonce: string): Promise<Buffer> {
    this.#key ??= this.keys
      .ensureKey(KEY_NAME, () => randomBytes(32).toString('hex'))
      .then((value) => Buffer.from(value, 'hex'));
    return createHmac('sha256', await this.#key)
      .update(`${this.cookie.space}\n${login}\n${nonce}`)
      .digest();
  }
}

/** The nonce of a device cookie's value (as `issue` makes it), or null when it is not of that form. */
export function nonceOf(value: string): string | null {
  return VALUE.exec(value)?.[1] ?? null;
}

/** One cookie's value out of a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
