import { generate, validate } from 'promptparse';
import { bankOfBotCode, botCodeOfBank } from '../../adapters/slip-verifier/bank-codes.ts';
import type { SandboxSettingsStore } from '../ports.ts';
import type { SandboxDb } from '../sandbox.tables.ts';
import { laoSlipPng } from './lao-slip.render.ts';
import { linesDisagree } from './lines.ts';
import { renderSlip } from './slip.render.ts';
import { type SandboxSlipOkAnswer, slipOkError, slipOkSlip } from './slipok.answer.ts';

/** SANDBOX ONLY. Faults the sandbox verifier can be told to show (docs/parties/slip-verifier.md, sandbox). */
export const SANDBOX_SLIP_VERIFIER_FAULTS = ['none', 'unavailable', 'captcha', 'garbage'] as const;
export type SandboxSlipVerifierFault = (typeof SANDBOX_SLIP_VERIFIER_FAULTS)[number];
export const SANDBOX_SLIP_VERIFIER_LATENCY_MAX_MS = 30_000;
const SETTINGS_KEY = 'sandboxSlipVerifier';

export interface SandboxSlipVerifierSettings {
  fault: SandboxSlipVerifierFault;
  latencyMs: number;
}

/** How long the sandbox SlipOK asks to wait for a reference its bank reports two ways (code 1010). */
export const SANDBOX_UNSTABLE_DELAY_MINUTES = 5;

/** What a check-slip call asks beside the slip: SlipOK's own duplicate check (`log`), an expected `amount`. */
export interface SandboxCheckOptions {
  log: boolean;
  amount: number | undefined;
}

/**
 * SANDBOX ONLY: the sandbox bank's slip verification service, answering as SlipOK does
 * (docs/parties/slip-verifier.md, Sandbox). It knows the sandbox bank's transfers (`sandbox_bank_transfers`,
 * injected by `POST /sandbox/bank/transfers`) and renders their slips. A reference injected again with other
 * details is one the bank cannot vouch for yet: SlipOK's "wait N minutes" (1010).
 */
export class SandboxSlipVerifierParty {
  /** References checked with `log: true` since start: SlipOK's own duplicate check, in memory. */
  private readonly logged = new Set<string>();

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

  /** SlipOK's answer for a slip's QR text: the slip, or its error code. */
  async check(qr: string, options: SandboxCheckOptions): Promise<SandboxSlipOkAnswer> {
    const parsed = validate.slipVerify(qr);
    if (!parsed) return slipOkError(1008);
    const bankCode = bankOfBotCode(parsed.sendingBank);
    const lines = (await this.lines(parsed.transRef)).filter((line) => line.sender_bank_code === bankCode);
    const [first] = lines;
    if (!first || !bankCode) return slipOkError(1011);
    if (linesDisagree(lines)) {
      const delay = SANDBOX_UNSTABLE_DELAY_MINUTES;
      const data = { qrcodeData: qr, bankCode: parsed.sendingBank, bankName: bankCode, delay };
      return slipOkError(1010, data, { bankName: bankCode, delay });
    }
    const slip = slipOkSlip(first, await this.receiver(first.operator_account_no));
    if (options.amount !== undefined && Math.round(options.amount * 100) !== Number(first.amount_minor)) {
      return slipOkError(1013, slip);
    }
    if (options.log) {
      if (this.logged.has(first.reference)) return slipOkError(1012, slip, { timestamp: slip.transTimestamp });
      this.logged.add(first.reference);
    }
    return { status: 200, body: { success: true, data: slip } };
  }

  /** The operator account a transfer went to, as the sandbox's deposit channels name it. */
  private receiver(accountNo: string) {
    return this.deps.db
      .selectFrom('deposit_channels')
      .select(['bank_code', 'account_name'])
      .where('account_no', '=', accountNo)
      .orderBy('id')
      .executeTakeFirst();
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
