import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, newTotpSecret, otpauthUri, totp, verifyTotp } from './totp.ts';

// RFC 6238 appendix B's SHA-1 seed, "12345678901234567890", in base32.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it('matches the RFC 4226 HOTP test values', () => {
    const key = Buffer.from('12345678901234567890');
    expect([0, 1, 2, 9].map((counter) => hotp(key, counter))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('matches the RFC 6238 SHA-1 test values (their last six digits)', () => {
    const cases: [number, string][] = [
      [59, '287082'],
      [1_111_111_109, '081804'],
      [1_111_111_111, '050471'],
      [1_234_567_890, '005924'],
      [2_000_000_000, '279037'],
    ];
    for (const [seconds, code] of cases) expect(totp(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  it('round-trips base32 and refuses characters outside it', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret) ?? Buffer.alloc(0))).toBe(secret);
    expect(base32Decode('gezd gnbv')).toEqual(Buffer.from('12345'));
    expect(base32Decode('GEZ1')).toBeNull();
  });

  it('accepts a code one step either side, and nothing further', () => {
    const now = 1_111_111_111_000;
    const step = Math.floor(now / 30_000);
    expect(verifyTotp(RFC_SECRET, totp(RFC_SECRET, now), now, null)).toBe(step);
    expect(verifyTotp(RFC_SECRET, totp(RFC_SECRET, now - 30_000), now, null)).toBe(step - 1);
    expect(verifyTotp(RFC_SECRET, totp(RFC_SECRET, now + 30_000), now, null)).toBe(step + 1);
    expect(verifyTotp(RFC_SECRET, totp(RFC_SECRET, now - 60_000), now, null)).toBeNull();
    expect(verifyTotp(RFC_SECRET, totp(RFC_SECRET, now + 60_000), now, null)).toBeNull();
  });

  it('refuses a code of a step already used, and malformed codes', () => {
    const now = 1_234_567_890_000;
    const code = totp(RFC_SECRET, now);
    const step = verifyTotp(RFC_SECRET, code, now, null);
    expect(step).not.toBeNull();
    expect(verifyTotp(RFC_SECRET, code, now, step)).toBeNull();
    expect(verifyTotp(RFC_SECRET, '12345', now, null)).toBeNull();
    expect(verifyTotp(RFC_SECRET, '12345a', now, null)).toBeNull();
  });

  it('writes an otpauth URI authenticator apps read', () => {
    const uri = new URL(otpauthUri('Member Wallet', 'alice', 'JBSWY3DPEHPK3PXP'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Member Wallet:alice');
    expect(uri.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(uri.searchParams.get('digits')).toBe('6');
  });
});
