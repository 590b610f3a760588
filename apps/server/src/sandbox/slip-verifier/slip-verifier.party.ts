import { generate } from 'promptparse';
import { bankOfBotCode, botCodeOfBank } from '../../adapters/slip-verifier/bank-codes.ts';
import type { SandboxSettingsStore } from '../ports.ts';
import type { SandboxDb } from '../sandbox.tables.ts';
import { laoSlipPng } from './lao-slip.render.ts';
import { renderSlip } from './slip.render.ts';

/** SANDBOX ONLY. Faults the sandbox verifier can be told to show (docs/parties/slip-verifier.md, sandbox). */
export const SANDBOX_SLIP_VERIFIER_FAULTS = ['none', 'unavailable', 'captcha', 'garbage'] as const;
export type SandboxSlipVerifierFault = (typeof SANDBOX_SLIP_VERIFIER_FAULTS)[number];
export const SANDBOX_SLIP_VERIFIER_LATENCY_MAX_MS = 30_000;
const SETTINGS_KEY = 'sandboxSlipVerifier';

export interface SandboxSlipVerifierSettings {
  fault: SandboxSlipVerifierFault;
  latencyMs: number;
}

/** The verifier's answer, as the HTTP API sends it (amounts as decimal strings of minor units). */
export type SandboxVerifyAnswer =
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
 * SANDBOX ONLY: the sandbox bank's slip verification service (docs/parties/slip-verifier.md, sandbox). It knows the
 * sandbox bank's transfers (`sandbox_bank_transfers`, injected by `POST /sandbox/bank/transfers`) and renders
 * their slips. A reference injected again with other details is one the bank cannot vouch for: `unstable`.
 */
export class SandboxSlipVerifierParty {
  constructor(private readonly deps: { db: SandboxDb; settings: SandboxSettingsStore }) {}

  async settings(): Promise<SandboxSlipVerifierSettings> {
    const stored = (await this.deps.settings.global(SETTINGS_KEY)) as Partial<SandboxSlipVerifierSettings> | undefined;
    return { fault: stored?.fault ?? 'none', latencyMs: stored?.latencyMs ?? 0 };
  }

  async setSettings(settings: SandboxSlipVerifierSettings): Promise<SandboxSlipVerifierSettings> {
    await this.deps.settings.setGlobal(SETTINGS_KEY, settings);
    return settings;
  }

  private lines(reference: string) {
    return this.deps.db
      .selectFrom('sandbox_bank_transfers')
      .selectAll()
      .where('reference', '=', reference)
      .orderBy('id')
      .limit(20)
      .execute();
  }

  async verify(sendingBank: string, transRef: string): Promise<SandboxVerifyAnswer> {
    const bankCode = bankOfBotCode(sendingBank);
    const lines = (await this.lines(transRef)).filter((line) => line.sender_bank_code === bankCode);
    const [first] = lines;
    if (!first) return { status: 'not_found' };
    const describe = (line: typeof first) =>
      [
        line.amount_minor,
        line.currency,
        line.sender_account_no,
        line.operator_account_no,
        line.transferred_at.getTime(),
      ].join('|');
    if (lines.some((line) => describe(line) !== describe(first))) return { status: 'unstable' };
    return {
      status: 'found',
      transfer: {
        reference: first.reference,
        amountMinor: first.amount_minor.toString(),
        currency: first.currency,
        senderBankCode: first.sender_bank_code,
        senderAccountNo: first.sender_account_no,
        receiverAccountNo: first.operator_account_no,
        transferredAt: first.transferred_at.toISOString(),
      },
    };
  }

  /**
   * The slip picture of a sandbox transfer (its first line), or null when there is none or its bank has no
   * code; a Lao bank's transfer is a Lao slip (lao-slip.render.ts), or null for a bank whose slip is not public.
   */
  async slipPng(reference: string): Promise<Buffer | null> {
    const [line] = await this.lines(reference);
    const sendingBank = line ? botCodeOfBank(line.sender_bank_code) : undefined;
    if (line && !sendingBank) return laoSlipPng(line);
    if (!line || !sendingBank) return null;
    return renderSlip({
      bankCode: line.sender_bank_code,
      amountMinor: line.amount_minor,
      currency: line.currency,
      senderAccountNo: line.sender_account_no,
      receiverAccountNo: line.operator_account_no,
      transferredAt: line.transferred_at,
      reference: line.reference,
      qrText: generate.slipVerify({ sendingBank, transRef: line.reference }),
    });
  }
}
