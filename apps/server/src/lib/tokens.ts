import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: session and OTP tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The credentials of an `Authorization: Bearer <token>` header; the scheme is case-insensitive (RFC 7235). */
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^bearer +(\S+)$/i.exec(authorization ?? '')?.[1];
}

/** Tokens are stored only as their SHA-256, so a leaked table cannot be replayed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sameHash(left: string, right: string): boolean {
  const a = Buffer.from(left, 'hex');
  const b = Buffer.from(right, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function randomDigits(length: number): string {
  let digits = '';
  for (let index = 0; index < length; index++) digits += String(randomInt(10));
  return digits;
}

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const UNAMBIGUOUS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function randomCode(length: number, alphabet: string = UNAMBIGUOUS): string {
  let code = '';
  for (let index = 0; index < length; index++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/**
 * What a game password is made of: letters of both cases and digits, less the ones read or typed for another
 * (l, I, 1, O, 0, o), since a member copies it by hand into a game app.
 */
const GAME_PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const GAME_PASSWORD_LENGTH = 10;

/** A new game password: 10 characters of GAME_PASSWORD_ALPHABET with an upper-case letter, a lower-case one and a digit. */
export function newGamePassword(): string {
  for (;;) {
    const password = randomCode(GAME_PASSWORD_LENGTH, GAME_PASSWORD_ALPHABET);
    if (/[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password)) return password;
  }
}

export const UPPERCASE_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
