import { encode, generate, tag, withCrcTag } from 'promptparse';
import { describe, expect, it } from 'vitest';
import { readSlipQr } from './slip.qr.ts';

/**
 * Reading a slip's QR texts (docs/deposits/slips.md): a Thai slip-verify mini-QR, or a BCEL OneProof QR (tag 33:
 * BCEL, ONEPROOF, type, ticket, fccref; docs/parties/slip-verifier.md, BCEL OneProof). The OneProof texts here are
 * built with promptparse's TLV helpers, independently of the sandbox's slip renderer.
 */

function oneProof(fields: { head?: [string, string]; type?: string; ticket?: string; fccref?: string }): string {
  const [bank, kind] = fields.head ?? ['BCEL', 'ONEPROOF'];
  const sub = [tag('00', bank), tag('01', kind)];
  if (fields.type !== undefined) sub.push(tag('02', fields.type));
  if (fields.ticket !== undefined) sub.push(tag('03', fields.ticket));
  if (fields.fccref !== undefined) sub.push(tag('04', fields.fccref));
  return withCrcTag(encode([tag('00', '01'), tag('01', '11'), tag('33', encode(sub))]), '63');
}

const proof = oneProof({ type: 'TRANSFER', ticket: '0812345678', fccref: 'FT26327ABC12' });

describe('a BCEL OneProof QR', () => {
  it('reads as a oneproof query of BCEL whose reference is the ticket', () => {
    expect(readSlipQr([proof])).toEqual({
      query: { qr: proof, kind: 'oneproof', sendingBank: 'BCEL', transRef: '0812345678' },
    });
    // The same slip read twice (the whole picture, then a half) is one slip.
    expect(readSlipQr([proof, proof])).toEqual(readSlipQr([proof]));
  });

  it('is not read from a QR that is not a OneProof: a BCEL OnePay QR, a PromptPay QR, a broken CRC', () => {
    const onePay = oneProof({ head: ['BCEL', 'ONEPAY'], type: 'mch5d0077995d4ae', ticket: '0812345678' });
    const promptPay = generate.anyId({ type: 'MSISDN', target: '0812223333', amount: 30 });
    const broken = `${proof.slice(0, -4)}${proof.slice(-4) === 'FFFF' ? '0000' : 'FFFF'}`;
    for (const text of [onePay, promptPay, broken]) expect(readSlipQr([text])).toEqual({ failed: 'INVALID_SLIP' });
  });

  it('is not read without a ticket, or with one no reference can be (empty, over 100 characters)', () => {
    for (const ticket of [undefined, '', 'X'.repeat(101)]) {
      expect(readSlipQr([oneProof({ type: 'TRANSFER', ticket, fccref: 'FT1' })])).toEqual({ failed: 'INVALID_SLIP' });
    }
  });

  it('beside a Thai slip, or another OneProof, is two slips in one picture', () => {
    const thai = generate.slipVerify({ sendingBank: '004', transRef: 'SBT0000000000001ABCD' });
    const other = oneProof({ type: 'TRANSFER', ticket: '0899999999', fccref: 'FT26327XYZ99' });
    expect(readSlipQr([thai, proof])).toEqual({ failed: 'UNSTABLE_REFNO_ON_SLIP' });
    expect(readSlipQr([proof, other])).toEqual({ failed: 'UNSTABLE_REFNO_ON_SLIP' });
  });
});
