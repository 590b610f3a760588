import { z } from 'zod/mini';
import { SLIP_REASON_CODES } from './error-codes.ts';
import { sandboxLabel } from './sandbox-label.ts';
import { STATUSES } from './statuses.ts';

/**
 * Bank-transfer slips (spec sections 2, 3, 4, 7 and 8; docs/deposits/slips.md). The member uploads a picture of
 * the slip their bank app showed; the server reads the slip's verification mini-QR, asks the slip verifier
 * about the transfer and credits it once, ever.
 */

/** `POST /api/wallet/slip` is multipart with the picture in this field. */
export const SLIP_FILE_FIELD = 'file';

/** What the server accepts: PNG or JPEG (checked by content), at most this many bytes and pixels. */
export const SLIP_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  /**
   * Width times height; a larger picture is refused before it is decoded (decompression bombs). Any phone's
   * screenshot and a 12 MP photo fit; a 5000 x 5000 picture does not.
   */
  maxPixels: 16_000_000,
  /** The `accept` of the file input; the server checks the bytes, not the name or the type. */
  accept: 'image/png,image/jpeg',
} as const;

export const slipItem = z.object({
  /** Our id of the slip. */
  id: z.string(),
  /** ISO 8601 date-time of the upload. */
  createdAt: z.string(),
  /** The transfer's amount in the major unit; 0 when it could not be read (the client shows '-'). */
  amount: z.number(),
  /** SUCCESS once credited, FAILED with a `note`, IN_PROGRESS while the verifier has not answered. */
  status: z.enum(STATUSES),
  /** The reason of a FAILED slip (spec section 8), null otherwise. */
  note: z.nullable(z.enum(SLIP_REASON_CODES)),
  /**
   * Where the stored picture can be fetched, or null (then `GET /api/statement/slip/reference/{reference}`
   * answers the url). Served only to the slip's member.
   */
  link: z.nullable(z.string()),
  /** The bank's transfer reference read from the slip, null when it could not be read. */
  reference: z.nullable(z.string()),
  /**
   * `true` when the sandbox verifier was asked about the slip, so its outcome is the sandbox's (sandbox-label.ts);
   * absent for a real verifier's slip and for a slip no verifier was asked about (unreadable, no slip QR).
   */
  sandbox: sandboxLabel,
});
export type SlipItem = z.infer<typeof slipItem>;

/**
 * `POST /api/wallet/slip` answer (200 whenever the picture was a readable PNG or JPEG, even when the slip is
 * refused: the slip is recorded with its reason and shows in the slip list). `message` is `SUCCESS` when
 * credited, else the reason code (or `IN_PROGRESS`). No file: 400 `SLIP_NO_FILE`; not a PNG or JPEG, too large,
 * too many pixels, truncated: 400 `SLIP_INVALID_FILE`; inside the daily closed window: 403 `SLIP_UPLOAD_FAIL`.
 */
export const slipUploadResponse = z.object({
  message: z.string(),
  slip: slipItem,
  wallet: z.object({ amount: z.number() }),
});
export type SlipUploadResponse = z.infer<typeof slipUploadResponse>;

/** `POST /api/statement/slip` body: `page` counts from 1; the client sends `PAGE_SIZE.slips`. */
export const slipsRequest = z.object({
  page: z.int().check(z.minimum(1), z.maximum(100_000)),
  limit: z.int().check(z.minimum(1), z.maximum(50)),
});
export type SlipsRequest = z.infer<typeof slipsRequest>;

/** The member's slips, newest first. */
export const slipsResponse = z.object({ total: z.int(), slips: z.array(slipItem) });
export type SlipsResponse = z.infer<typeof slipsResponse>;

/** `GET /api/statement/slip/reference/{reference}`: the url of the slip's picture (the member's own only). */
export const slipReferenceResponse = z.object({ url: z.string() });
export type SlipReferenceResponse = z.infer<typeof slipReferenceResponse>;

/**
 * `GET /api/lookup/slip`: the daily window in which uploads are closed, as local times `HH:mm` in the site's
 * time zone (Asia/Bangkok, or Asia/Vientiane for the Laos build), `closeFrom` inclusive, `closeTo` exclusive;
 * it may span midnight. Equal times mean never closed. `closed` tells whether it is closed right now.
 */
export const slipLookupResponse = z.object({
  closeFrom: z.string(),
  closeTo: z.string(),
  timeZone: z.string(),
  closed: z.boolean(),
});
export type SlipLookupResponse = z.infer<typeof slipLookupResponse>;
