import { z } from 'zod/mini';

/** A success body may carry a message; `gone` means the site is terminated. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
