import { z } from 'zod/mini';
import { LAOS_CURRENCIES } from './constants.ts';
import { sandboxLabel } from './sandbox-label.ts';

/**
 * Shapes of the lookups issue 2 serves (`GET /api/lookup/{name}`). Text content is localized by the
 * request's `Accept-Language` (th, lo or en). Operators' HTML in these texts is stored as the back-office sent
 * it (docs/backoffice/settings.md): the member app sanitizes it when it renders (lib/safe-html.ts).
 */
/** A bank with its name in each language (`nameTH` is the spec's field; Lao members read `nameLO`). */
export const bankItem = z.object({ code: z.string(), nameTH: z.string(), nameEN: z.string(), nameLO: z.string() });
export const banksResponse = z.array(bankItem);
export type BankItem = z.infer<typeof bankItem>;

export const sourceItem = z.object({ code: z.string(), description: z.string() });
export const sourcesResponse = z.array(sourceItem);
export type SourceItem = z.infer<typeof sourceItem>;

export const conditionsResponse = z.array(z.string());
export const agreementsResponse = z.array(z.string());

/** The site's name and website: an operator's setting, per language (backoffice/settings.ts). */
export const infoResponse = z.object({ name: z.string(), website: z.string() });
export type InfoResponse = z.infer<typeof infoResponse>;

/**
 * `GET /api/lookup/info`, which both shells load at start: the setting, and `sandbox: true` while SANDBOX is on
 * and at least one party answers from its sandbox, when the app shows its SANDBOX mark (sandbox-label.ts). Not
 * part of the setting: an operator cannot store it.
 */
export const infoLookupResponse = z.extend(infoResponse, { sandbox: sandboxLabel });
export type InfoLookupResponse = z.infer<typeof infoLookupResponse>;

/** The notice text holds a `%percentFail%` placeholder that the client replaces. */
export const noticeResponse = z.object({ notice: z.string() });
export type NoticeResponse = z.infer<typeof noticeResponse>;

export const contactResponse = z.object({
  contactText: z.string(),
  lineLink: z.string(),
  lineName: z.string(),
  lineQR: z.string(),
});
export type ContactResponse = z.infer<typeof contactResponse>;

/** `active` is false (and `message` is `gone`) once the site is terminated. */
export const activeResponse = z.object({ active: z.boolean(), message: z.optional(z.string()) });
export type ActiveResponse = z.infer<typeof activeResponse>;

export const registerOtpResponse = z.object({ registerOTP: z.boolean() });
export const enableChatWidgetResponse = z.object({ enableChatWidget: z.boolean() });

/** How-to videos (spec section 2, How-to), in the order of `HOWTO_VIDEOS`. `demo` marks generated clips. */
export const howtoItem = z.object({ key: z.string(), url: z.string(), demo: z.boolean() });
export const howtoResponse = z.array(howtoItem);
export type HowtoItem = z.infer<typeof howtoItem>;

/** Currencies a Laos member may choose (`GET /api/lookup/currencies`); empty outside the Laos build. */
export const currenciesResponse = z.array(z.enum(LAOS_CURRENCIES));

export const LOOKUP_NAMES = [
  'banks',
  'conditions',
  'agreements',
  'info',
  'notice',
  'contact',
  'sources',
  'active',
  'registerOTP',
  'enableChatWidget',
  'howto',
] as const;
export type LookupName = (typeof LOOKUP_NAMES)[number];
