import { parse, validate } from 'promptparse';
import { maskAccount } from '../mask.ts';
import type { SandboxDb } from '../sandbox.tables.ts';
import { linesDisagree } from './lines.ts';
import { sandboxFccref } from './oneproof.ts';

/** The sandbox OneProof verifier's answer, as its HTTP API sends it (amounts as decimal strings of minor units). */
export type SandboxOneProofAnswer =
  | { status: 'not_found' | 'unstable' }
  | {
      status: 'found';
      transfer: {
        reference: string;
        amountMinor: string;
        currency: string;
        senderBankCode: string;
        senderAccountNo: string;
        receiverAccountNo: string;
        transferredAt: string;
      };
    };

/**
 * SANDBOX ONLY: BCEL's OneProof verification as the sandbox plays it (docs/parties/slip-verifier.md, BCEL
 * OneProof). BCEL publishes no such API, so this is no imitation of one: it knows the sandbox bank's BCEL
 * transfers (`sandbox_bank_transfers`), finds the one the QR's ticket names, and vouches for it only when the
 * QR's fccref is the one the sandbox drew for it (oneproof.ts). Accounts are shown masked, as banks show them.
 */
export class SandboxOneProofParty {
  constructor(private readonly deps: { db: SandboxDb }) {}

  async verify(qr: string): Promise<SandboxOneProofAnswer> {
    const read = validate.bcelOneProof(qr);
    const tags = parse(qr, true);
    const ticket = read?.ticket;
    const isOneProof = tags?.getTagValue('33', '00') === 'BCEL' && tags.getTagValue('33', '01') === 'ONEPROOF';
    if (!ticket || !isOneProof || read?.fccref !== sandboxFccref(ticket)) return { status: 'not_found' };
    const lines = await this.deps.db
      .selectFrom('sandbox_bank_transfers')
      .selectAll()
      .where('reference', '=', ticket)
      .where('sender_bank_code', '=', 'BCEL')
      .orderBy('id')
      .limit(20)
      .execute();
    const [first] = lines;
    if (!first) return { status: 'not_found' };
    if (linesDisagree(lines)) return { status: 'unstable' };
    return {
      status: 'found',
      transfer: {
        reference: first.reference,
        amountMinor: first.amount_minor.toString(),
        currency: first.currency,
        senderBankCode: first.sender_bank_code,
        senderAccountNo: maskAccount(first.sender_account_no),
        receiverAccountNo: maskAccount(first.operator_account_no),
        transferredAt: first.transferred_at.toISOString(),
      },
    };
  }
}
