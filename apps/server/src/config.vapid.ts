import type { Reader } from './config.read.ts';

/** The VAPID keys Web Push signs with (docs/app.md, Notifications). */
export interface VapidKeys {
  /** Base64url, the P-256 public key the browser subscribes with. */
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:`: whom the push services contact about this sender. */
  subject: string;
}

const NAMES = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * `VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY` and `VAPID_SUBJECT`: all three, or none. None: null, and the push
 * module makes keys once in demo mode (kept in the database) or turns push off and says so at start.
 */
export function readVapid(read: Reader): VapidKeys | null {
  const [publicKey, privateKey, subject] = NAMES.map((name) => read.raw(name));
  if (publicKey === undefined && privateKey === undefined && subject === undefined) return null;
  const missing = NAMES.filter((name) => read.raw(name) === undefined);
  if (missing.length > 0) {
    for (const name of missing) read.problems.push(`${name} must be set with the other VAPID keys (or none of them)`);
    return null;
  }
  if (!BASE64URL.test(publicKey as string)) read.fail('VAPID_PUBLIC_KEY', 'a base64url key', '...');
  if (!BASE64URL.test(privateKey as string)) read.fail('VAPID_PRIVATE_KEY', 'a base64url key', '...');
  if (!/^(mailto:|https:\/\/)/.test(subject as string))
    read.fail('VAPID_SUBJECT', 'a mailto: or https: URL', subject as string);
  return { publicKey: publicKey as string, privateKey: privateKey as string, subject: subject as string };
}
