import { z } from 'zod/mini';

/**
 * A promotion banner (spec section 3, "Banner item"): an image URL and operator-written HTML, shown by the bonus
 * modal's carousel and before the invite and refund modals. The client sanitizes the HTML before rendering it.
 */
export const bannerItem = z.object({ image: z.string(), html: z.string() });
export type BannerItem = z.infer<typeof bannerItem>;

export const bannersResponse = z.array(bannerItem);
