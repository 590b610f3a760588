import { toMajor } from '@member-wallet/contract/money';
import { encode, tag, withCrcTag } from 'promptparse';
import { billPayment } from 'promptparse/generate';

/**
 * SANDBOX: the QR payloads the sandbox gateways make, as real ones do: EMVCo merchant-presented QRs with the
 * amount (tag 54) and a CRC-16 (tag 63). Thai gateways make a PromptPay bill payment (tag 30: biller id,
 * reference 1 = the gateway's reference), which any Thai bank app reads; BCEL a LAO QR (LAPNet's merchant
 * template 38 with BCEL's IIN, kip, LA), built with promptparse's TLV helpers. The layout and its public sources:
 * docs/parties/payments.md, BCEL.
 */

/** Sandbox biller ids (a made-up tax id and a suffix per gateway): 15 digits as PromptPay wants. */
const SANDBOX_BILLER_IDS: Record<string, string> = {
  KBANK: '010556099999901',
  WW: '010556099999902',
  FP: '010556099999903',
  PAYONEX: '010556099999904',
};
/** LAPNet's application id: sub-tag 00 of the LAO QR merchant account template (tag 38). */
const LAO_QR_AID = 'A005266284662577';
/** BCEL's IIN in LAPNet (sub-tag 01): the member bank the QR pays into. */
const BCEL_IIN = '27710418';
/** Sub-tag 02, the payment type: `002` on the merchant QRs BCEL issues. */
const LAO_QR_MERCHANT_PAYMENT = '002';
/**
 * Sub-tag 03, the merchant id: BCEL's are `mch` and hex digits; this one has neither, so it can never be a real
 * merchant's and no bank app can pay a real shop by scanning a sandbox QR.
 */
const SANDBOX_BCEL_MERCHANT_ID = 'SANDBOXMERCHANT';
const MERCHANT_NAME_MAX = 25;
const KIP_MINOR = 100n;

/** The amount as tag 54 carries it: the major unit with 2 decimals (PromptPay's own formatting). */
export function amountText(amountMinor: bigint): string {
  return toMajor(amountMinor).toFixed(2);
}

export function promptPayPayload(gateway: string, gatewayReference: string, amountMinor: bigint): string {
  const billerId = SANDBOX_BILLER_IDS[gateway];
  if (!billerId) throw new Error(`no sandbox biller id for gateway ${gateway}`);
  return billPayment({ billerId, ref1: gatewayReference, amount: toMajor(amountMinor) });
}

/** Tag 59: printable ASCII, at most 25 characters, and always saying SANDBOX. */
function sandboxMerchantName(merchantName: string): string {
  const name = merchantName.replace(/[^\x20-\x7e]/g, '').trim();
  const labelled = /sandbox/i.test(name) ? name : `SANDBOX ${name}`.trim();
  return labelled.slice(0, MERCHANT_NAME_MAX);
}

/**
 * A dynamic LAO QR of the sandbox BCEL merchant: template 38 (LAPNet AID, BCEL's IIN, merchant payment, the
 * sandbox merchant id), MCC, kip (418), the amount in whole kip, LA, name, city, and the gateway's reference as
 * the bill number (62.01). Throws on a fraction of a kip, which the layout cannot write.
 */
export function laoPayload(gatewayReference: string, amountMinor: bigint, merchantName: string): string {
  if (amountMinor % KIP_MINOR !== 0n) throw new RangeError('a LAO QR writes whole kip');
  const tags = [
    tag('00', '01'),
    tag('01', '12'),
    tag(
      '38',
      encode([
        tag('00', LAO_QR_AID),
        tag('01', BCEL_IIN),
        tag('02', LAO_QR_MERCHANT_PAYMENT),
        tag('03', SANDBOX_BCEL_MERCHANT_ID),
      ]),
    ),
    tag('52', '5999'),
    tag('53', '418'),
    tag('54', (amountMinor / KIP_MINOR).toString()),
    tag('58', 'LA'),
    tag('59', sandboxMerchantName(merchantName)),
    tag('60', 'VIENTIANE'),
    tag('62', encode([tag('01', gatewayReference), tag('08', 'SANDBOX')])),
  ];
  return withCrcTag(encode(tags), '63');
}

export interface SandboxPayloadRequest {
  gateway: string;
  reference: string;
  amountMinor: bigint;
  currency: string;
  merchantName?: string;
}

/**
 * The gateway's QR of the amount, or null when its layout cannot carry it: BCEL's LAO QR takes whole kip only,
 * the Thai gateways' PromptPay baht only. A gateway refuses such a QR (a 4xx), as a real one would.
 */
export function sandboxPayload(request: SandboxPayloadRequest): string | null {
  const { gateway, reference, amountMinor, currency } = request;
  if (gateway === 'BCEL') {
    if (currency !== 'LAK' || amountMinor % KIP_MINOR !== 0n) return null;
    return laoPayload(reference, amountMinor, request.merchantName ?? '');
  }
  return currency === 'BAHT' ? promptPayPayload(gateway, reference, amountMinor) : null;
}
