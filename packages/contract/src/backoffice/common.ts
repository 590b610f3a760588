import { z } from 'zod/mini';

// What several areas of the operators' API share: the page query of every list, and the reason and note an
// operator writes when deciding a review.

/** Every list of the back-office pages on the server: 1-based page, at most 100 rows. */
export const pageQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1, { error: 'KEY_INVALID' })), 1),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1, { error: 'KEY_INVALID' }), z.maximum(100, { error: 'KEY_INVALID' })),
    20,
  ),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** An adjustment's reason, or an invite link's rejection: 3 to 200 characters. */
export const reasonText = z
  .string()
  .check(z.trim(), z.minLength(3, { error: 'KEY_INVALID' }), z.maxLength(200, { error: 'KEY_INVALID' }));
/** A transfer's or a slip's review: an optional note of at most 200 characters, or a reason of 3 to 200. */
export const reviewNote = z.string().check(z.trim(), z.maxLength(200, { error: 'KEY_INVALID' }));
export const reviewReason = z
  .string()
  .check(z.trim(), z.minLength(3, { error: 'KEY_INVALID' }), z.maxLength(200, { error: 'KEY_INVALID' }));
