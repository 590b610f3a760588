import type { PendingChange } from '@member-wallet/contract/backoffice/pending-changes';
import type {
  BackofficeBonus,
  BonusCsvQuery,
  BonusPage,
  BonusQuery,
  BonusTerms,
} from '@member-wallet/contract/backoffice/promotions';
import type { ErrorCode } from '@member-wallet/contract/error-codes';
import type { MoneyCeilingsConfig } from '../../config.ceilings.ts';
import type { AuditChange, AuditRecorder } from '../../core/operator/audit-log.ts';
import type { ChangeCaller, PendingChanges } from '../../core/operator/pending-change.service.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { BonusDefinition } from '../bonus/bonus.module.ts';
import type { BonusChange, PromotionsBackofficeRepository } from './promotions.backoffice.repository.ts';
import { type BonusValue, bonusTightens, checkBonusCeiling } from './promotions.tightens.ts';

export interface PromotionsBackofficeDeps {
  db: Db;
  clock: Clock;
  repository: PromotionsBackofficeRepository;
  audit: AuditRecorder;
  /** The changes that wait for a second admin (docs/backoffice/four-eyes.md, Reward terms). */
  changes: PendingChanges;
  ceilings: Pick<MoneyCeilingsConfig, 'rewardMinor' | 'bonusDepositPercent' | 'cashbackPercent'>;
}

/** A definition as it now is, and the change waiting for a second admin (null when none was needed). */
export interface BonusAnswer {
  bonus: BackofficeBonus;
  change: PendingChange | null;
}

/** A new definition: its terms, and the code and kind it keeps for ever. */
export type NewBonus = BonusTerms & { code: string; kind: 'bonus' | 'promotion' };

function localizedOf(texts: Record<string, string>) {
  return { th: texts.th ?? '', lo: texts.lo ?? '', en: texts.en ?? '' };
}

/** A definition as the back-office shows it: camelCase, minor units as strings. */
export function bonusOf(row: BonusDefinition, received: number): BackofficeBonus {
  return {
    code: row.code,
    kind: row.kind === 'reward' ? fail(`reward definition ${row.code} reached the back-office`) : row.kind,
    type: row.type,
    currency: row.currency,
    maxReceived: row.max_received,
    totalMax: row.total_max,
    percentFail: row.percent_fail,
    amountRule: row.amount_rule,
    amountMinor: row.amount_minor === null ? null : String(row.amount_minor),
    depositPercent: row.deposit_percent,
    amountCapMinor: row.amount_cap_minor === null ? null : String(row.amount_cap_minor),
    depositWindowHours: row.deposit_window_hours,
    winMultiple: row.win_multiple,
    endBelowMinor: String(row.end_below_minor),
    names: localizedOf(row.names),
    descriptions: localizedOf(row.descriptions),
    banners: row.banners.map((banner) => ({
      image: banner.image,
      html: typeof banner.html === 'string' ? banner.html : localizedOf(banner.html),
    })),
    sortOrder: row.sort_order,
    active: row.active,
    createdAt: row.created_at.toISOString(),
    received,
  };
}

const positive = (value: string | number | null): bigint | null => {
  if (value === null) return null;
  const minor = BigInt(value);
  return minor > 0n ? minor : null;
};

/**
 * The columns of a definition from the request, with the rule's own fields checked as migration 0012 checks
 * them: `fixed` needs an amount above 0; `deposit_percent` its percentage, cap and window. The other rule's
 * fields are stored as null. Anything else: KEY_MISSING / KEY_INVALID with the fields.
 */
export function columnsOf(terms: BonusTerms): BonusChange {
  const fields: Record<string, ErrorCode> = {};
  const fixed = terms.amountRule === 'fixed';
  const amount = fixed ? positive(terms.amountMinor) : null;
  const cap = fixed ? null : positive(terms.amountCapMinor);
  if (fixed && amount === null) fields.amountMinor = terms.amountMinor === null ? 'KEY_MISSING' : 'KEY_INVALID';
  if (!fixed) {
    if (terms.depositPercent === null) fields.depositPercent = 'KEY_MISSING';
    if (cap === null) fields.amountCapMinor = terms.amountCapMinor === null ? 'KEY_MISSING' : 'KEY_INVALID';
    if (terms.depositWindowHours === null) fields.depositWindowHours = 'KEY_MISSING';
  }
  const [first] = Object.values(fields);
  if (first) throw new AppError(first, fields);
  return {
    type: terms.type,
    currency: terms.currency,
    max_received: terms.maxReceived,
    total_max: terms.totalMax,
    percent_fail: terms.percentFail,
    amount_rule: terms.amountRule,
    amount_minor: amount,
    deposit_percent: fixed ? null : terms.depositPercent,
    amount_cap_minor: cap,
    deposit_window_hours: fixed ? null : terms.depositWindowHours,
    win_multiple: terms.winMultiple,
    end_below_minor: BigInt(terms.endBelowMinor),
    names: JSON.stringify(terms.names),
    descriptions: JSON.stringify(terms.descriptions),
    banners: JSON.stringify(terms.banners),
    sort_order: terms.sortOrder,
    active: terms.active,
  };
}

/** The terms as a change holds them, from the checked columns: the other rule's fields null, amounts strings. */
function changeValue(code: string, kind: BonusValue['kind'], terms: BonusTerms, columns: BonusChange): BonusValue {
  const text = (value: bigint | null) => (value === null ? null : String(value));
  return {
    ...terms,
    code,
    kind,
    amountMinor: text(columns.amount_minor ?? null),
    depositPercent: columns.deposit_percent ?? null,
    amountCapMinor: text(columns.amount_cap_minor ?? null),
    depositWindowHours: columns.deposit_window_hours ?? null,
    endBelowMinor: String(columns.end_below_minor ?? 0n),
  };
}

/** A stored definition's terms, as a change holds them. */
function storedValue(bonus: BackofficeBonus): BonusValue {
  const { createdAt: _createdAt, received: _received, ...value } = bonus;
  return value as BonusValue;
}

/**
 * Bonus definitions and promotion codes in the back-office (docs/backoffice/promotions.md): every operator
 * reads them; admins create and change them, each change and its audit line (before and after) in one
 * transaction; a refused one writes nothing. A change that could pay more waits for a second admin
 * (docs/backoffice/four-eyes.md, Reward terms), and no definition passes the deployment's reward ceilings.
 */
export class PromotionsBackofficeService {
  constructor(private readonly deps: PromotionsBackofficeDeps) {
    deps.changes.define('promotions.bonus', {
      checkCeiling: (after) => checkBonusCeiling(deps.ceilings, after as BonusValue),
      apply: (trx, change) => this.#apply(trx, change.target, change.after as BonusValue),
    });
  }

  async page(query: BonusQuery): Promise<BonusPage> {
    const { total, rows } = await this.deps.repository.list(query);
    return { total, bonuses: rows.map((row) => bonusOf(row, row.received)) };
  }

  /** Every definition of the kind filter, newest first, read a batch at a time (the CSV export). */
  async *all(query: BonusCsvQuery): AsyncGenerator<BackofficeBonus> {
    for await (const row of this.deps.repository.all(query)) yield bonusOf(row, row.received);
  }

  /**
   * A new bonus or promotion code; its code taken already: 409 BONUS_EXISTS. It is stored inactive; an active one's
   * activation is a change that waits for a second admin (the answer's `change`).
   */
  create(bonus: NewBonus, caller: ChangeCaller): Promise<BonusAnswer> {
    const { db, clock, repository, audit, changes, ceilings } = this.deps;
    const columns = columnsOf(bonus);
    const after = changeValue(bonus.code, bonus.kind, bonus, columns);
    checkBonusCeiling(ceilings, after);
    return transactionWithRetry(db, async (trx) => {
      const now = clock.now();
      const created = await repository.insert(trx, { ...columns, active: false, code: bonus.code, kind: bonus.kind });
      if (!created) throw new AppError('BONUS_EXISTS');
      const stored = bonusOf(created, 0);
      const target = `bonus:${created.code}`;
      await audit.record(trx, { action: 'bonus.create', target, before: null, after: stored, ...caller }, now);
      if (!bonus.active) return { bonus: stored, change: null };
      const proposal = {
        kind: 'promotions.bonus',
        target,
        before: storedValue(stored),
        after,
        tightens: false,
      } as const;
      const row = await changes.submit(trx, caller, proposal, now);
      return { bonus: stored, change: await changes.one(row.id, trx) };
    });
  }

  /**
   * New terms for a definition of any state; running member bonuses keep the terms they got. Terms that only
   * tighten apply at once (`change` null); any other waits for a second admin, the definition unchanged meanwhile.
   */
  update(code: string, terms: BonusTerms, caller: ChangeCaller): Promise<BonusAnswer> {
    const { db, clock, repository, changes } = this.deps;
    const columns = columnsOf(terms);
    return transactionWithRetry(db, async (trx) => {
      const row = await repository.lockByCode(trx, code);
      if (!row) throw new AppError('NO_DATA');
      const received = await repository.received(trx, row.id);
      const before = storedValue(bonusOf(row, received));
      const after = changeValue(row.code, before.kind, terms, columns);
      const tightens = bonusTightens(before, after);
      const proposal = { kind: 'promotions.bonus', target: `bonus:${row.code}`, before, after, tightens } as const;
      const submitted = await changes.submit(trx, caller, proposal, clock.now());
      const current = (await repository.lockByCode(trx, code)) ?? row;
      const change = submitted.status === 'pending' ? await changes.one(submitted.id, trx) : null;
      return { bonus: bonusOf(current, received), change };
    });
  }

  /** Writes the terms a change holds: at once when they only tighten, else when a second admin approves. */
  async #apply(trx: Db, target: string, after: BonusValue): Promise<AuditChange> {
    const { repository } = this.deps;
    const row = await repository.lockByCode(trx, after.code);
    if (!row) throw new AppError('NO_DATA');
    const received = await repository.received(trx, row.id);
    const updated = await repository.update(trx, row.id, columnsOf(after));
    return { action: 'bonus.update', target, before: bonusOf(row, received), after: bonusOf(updated, received) };
  }
}

function fail(message: string): never {
  throw new Error(message);
}
