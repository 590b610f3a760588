import { createHmac } from 'node:crypto';

/**
 * The operator's authenticator app, as the tests hold it: the code of a TOTP secret (RFC 6238: HMAC-SHA1, 30 s
 * steps, 6 digits, the secret in RFC 4648 base32) at an instant. The tests reach the server only over HTTP, so
 * this is theirs, as a phone's app would be, and not the server's own (docs/architecture.md).
 */
export function totp(secret: string, nowMs: number): string {
  const key = base32(secret);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(nowMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const digit = alphabet.indexOf(char);
    if (digit < 0) throw new Error(`not a base32 TOTP secret: ${text}`);
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}
