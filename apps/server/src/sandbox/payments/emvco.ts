import { toMajor } from '@member-wallet/contract/money';
import { encode, tag, withCrcTag } from 'promptparse';
import { billPayment } from 'promptparse/generate';

/**
 * SANDBOX: the QR payloads the sandbox gateways make, as real ones do: EMVCo merchant-presented QRs with the
 * amount (tag 54) and a CRC-16 (tag 63). Thai gateways make a PromptPay bill payment (tag 30: biller id,
 * reference 1 = the gateway's reference), which any Thai bank app reads; BCEL a Lao EMVCo QR (currency 418,
 * country LA), built with promptparse's TLV helpers.
 */

/** Sandbox biller ids (a made-up tax id and a suffix per gateway): 15 digits as PromptPay wants. */
const SANDBOX_BILLER_IDS: Record<string, string> = {
  KBANK: '010556099999901',
  WW: '010556099999902',
  FP: '010556099999903',
  PAYONEX: '010556099999904',
};
/** LAPNet's application id, used in the merchant account template of Lao QRs. */
const LAO_QR_AID = 'A005266284662577';
const MERCHANT_NAME_MAX = 25;

/** The amount as tag 54 carries it: the major unit with 2 decimals (PromptPay's own formatting). */
export function amountText(amountMinor: bigint): string {
  return toMajor(amountMinor).toFixed(2);
}

export function promptPayPayload(gateway: string, gatewayReference: string, amountMinor: bigint): string {
  const billerId = SANDBOX_BILLER_IDS[gateway];
  if (!billerId) throw new Error(`no sandbox biller id for gateway ${gateway}`);
  return billPayment({ billerId, ref1: gatewayReference, amount: toMajor(amountMinor) });
}

/** A Lao (BCEL) dynamic QR: merchant template 38, MCC, currency 418 (kip), amount, country LA, name, city. */
export function laoPayload(gatewayReference: string, amountMinor: bigint, merchantName: string): string {
  const name = merchantName.replace(/[^\x20-\x7e]/g, '').slice(0, MERCHANT_NAME_MAX) || 'MERCHANT';
  const tags = [
    tag('00', '01'),
    tag('01', '12'),
    tag('38', encode([tag('00', LAO_QR_AID), tag('01', 'BCELSANDBOX'), tag('02', gatewayReference)])),
    tag('52', '5999'),
    tag('53', '418'),
    tag('54', amountText(amountMinor)),
    tag('58', 'LA'),
    tag('59', name),
    tag('60', 'VIENTIANE'),
    tag('62', encode([tag('01', gatewayReference)])),
  ];
  return withCrcTag(encode(tags), '63');
}

export function sandboxPayload(gateway: string, gatewayReference: string, amountMinor: bigint, merchant: string) {
  return gateway === 'BCEL'
    ? laoPayload(gatewayReference, amountMinor, merchant)
    : promptPayPayload(gateway, gatewayReference, amountMinor);
}
