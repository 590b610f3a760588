import {
  type BackofficeDeposit,
  type BackofficeQrCode,
  DEPOSIT_CHANNELS,
  type DepositChannel,
  type DepositCsvQuery,
  type DepositPage,
  type DepositQuery,
  type QrCodeCsvQuery,
  type QrCodePage,
  type QrCodeQuery,
} from '@member-wallet/contract/backoffice/deposits';
import { type SelectQueryBuilder, sql } from 'kysely';
import { bankOfBotCode } from '../../adapters/slip-verifier/bank-codes.ts';
import type { Database, Db } from '../../db/database.ts';
import { byIdDescending } from '../../lib/keyset.ts';

/** Rows an export reads at a time. */
const CSV_BATCH = 500;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The common row of every channel; `row_id` and `created_key` order and page it, they are not shown. */
interface DepositRow {
  channel: DepositChannel;
  row_id: bigint;
  public_id: string;
  source: string | null;
  member_public_id: string | null;
  member_phone: string | null;
  member_name: string | null;
  amount_minor: bigint | null;
  currency: string | null;
  status: string;
  reason: string | null;
  entry_id: bigint | null;
  created_at: Date;
  /** created_at as the database's text: exact to the microsecond, which a JavaScript Date is not. */
  created_key: string;
}

/** Where the last row of an export batch was, in the list's order. */
interface DepositCursor {
  createdKey: string;
  channel: string;
  rowId: bigint;
}

type Branch = SelectQueryBuilder<Database, never, DepositRow>;

/**
 * The back-office's view of every deposit (docs/backoffice/deposits.md, Deposits and QR codes): one `UNION ALL` of the
 * four channels' own tables in a common row shape, filtered, ordered newest first and paged by the database,
 * so a page is right whatever the mix of channels. The QR list reads `qr_codes` alone.
 */
export class DepositsBackofficeRepository {
  constructor(private readonly db: Db) {}

  async page(query: DepositQuery): Promise<DepositPage> {
    const [count, rows] = await Promise.all([
      this.filtered(query)
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
      this.filtered(query)
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('channel', 'desc')
        .orderBy('row_id', 'desc')
        .offset((query.page - 1) * query.limit)
        .limit(query.limit)
        .execute(),
    ]);
    return { total: Number(count.total), deposits: rows.map(toDeposit) };
  }

  /** Every deposit of the filters, newest first, a batch at a time (keyset paging: nothing shifts or repeats). */
  async *all(query: DepositCsvQuery, batchSize = CSV_BATCH): AsyncGenerator<BackofficeDeposit> {
    let cursor: DepositCursor | null = null;
    for (;;) {
      let select = this.filtered(query).selectAll();
      if (cursor) {
        const { createdKey, channel, rowId } = cursor;
        select = select.where(
          sql<boolean>`(created_at, channel, row_id) < (${createdKey}::timestamptz, ${channel}, ${rowId})`,
        );
      }
      const rows = await select
        .orderBy('created_at', 'desc')
        .orderBy('channel', 'desc')
        .orderBy('row_id', 'desc')
        .limit(batchSize)
        .execute();
      for (const row of rows) yield toDeposit(row);
      const last = rows.at(-1);
      if (!last || rows.length < batchSize) return;
      cursor = { createdKey: last.created_key, channel: last.channel, rowId: BigInt(last.row_id) };
    }
  }

  async qrPage(query: QrCodeQuery): Promise<QrCodePage> {
    const [count, rows] = await Promise.all([
      this.qrFiltered(query)
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
      this.qrSelect(this.qrFiltered(query))
        .orderBy('q.id', 'desc')
        .offset((query.page - 1) * query.limit)
        .limit(query.limit)
        .execute(),
    ]);
    return { total: Number(count.total), qrCodes: rows.map(toQrCode) };
  }

  /** Every QR code of the filters, newest first (by id, the order they were asked for), a batch at a time. */
  qrAll(query: QrCodeCsvQuery, batchSize = CSV_BATCH): AsyncGenerator<BackofficeQrCode> {
    return byIdDescending(
      (beforeId, size) => {
        let select = this.qrSelect(this.qrFiltered(query));
        if (beforeId !== null) select = select.where('q.id', '<', beforeId);
        return select.orderBy('q.id', 'desc').limit(size).execute();
      },
      toQrCode,
      batchSize,
    );
  }

  /** A QR by our qrcodeId (the sandbox controls pay it at its gateway). */
  findQr(qrcodeId: string) {
    return this.db
      .selectFrom('qr_codes')
      .select(['id', 'qrcode_id', 'gateway', 'status', 'amount_minor', 'currency'])
      .where('qrcode_id', '=', qrcodeId)
      .executeTakeFirst();
  }

  private filtered(query: DepositCsvQuery) {
    const channels = query.channel ? [query.channel] : DEPOSIT_CHANNELS;
    const [first, ...rest] = channels.map((channel) => this.branch(channel));
    let union = first as Branch;
    for (const branch of rest) union = union.unionAll(branch);
    let select = this.db.selectFrom(union.as('d'));
    if (query.status) select = select.where('status', '=', query.status);
    if (query.currency) select = select.where('currency', '=', query.currency);
    if (query.q) select = select.where('member_phone', 'like', `${escapeLike(query.q)}%`);
    return select;
  }

  private branch(channel: DepositChannel): Branch {
    const member = [
      sql<string | null>`m.public_id`.as('member_public_id'),
      sql<string | null>`m.phone`.as('member_phone'),
      sql<string | null>`m.name`.as('member_name'),
    ] as const;
    const common = (alias: string) =>
      [
        sql<DepositChannel>`${channel}::text`.as('channel'),
        sql<bigint>`${sql.ref(`${alias}.id`)}`.as('row_id'),
        sql<bigint | null>`${sql.ref(`${alias}.entry_id`)}`.as('entry_id'),
        sql<Date>`${sql.ref(`${alias}.created_at`)}`.as('created_at'),
        sql<string>`${sql.ref(`${alias}.created_at`)}::text`.as('created_key'),
        sql<string>`${sql.ref(`${alias}.status`)}::text`.as('status'),
        ...member,
      ] as const;
    switch (channel) {
      case 'qr':
        return this.db
          .selectFrom('qr_codes as x')
          .leftJoin('members as m', 'm.id', 'x.member_id')
          .select([
            ...common('x'),
            sql<string>`x.qrcode_id`.as('public_id'),
            sql<string | null>`x.gateway`.as('source'),
            sql<bigint | null>`coalesce(x.paid_amount_minor, x.amount_minor)`.as('amount_minor'),
            sql<string | null>`x.currency`.as('currency'),
            sql<string | null>`null::text`.as('reason'),
          ]) as unknown as Branch;
      case 'truelink':
        return this.db
          .selectFrom('truelink_redemptions as x')
          .leftJoin('members as m', 'm.id', 'x.member_id')
          .select([
            ...common('x'),
            sql<string>`x.reference`.as('public_id'),
            sql<string | null>`'truemoney'::text`.as('source'),
            sql<bigint | null>`x.amount_minor`.as('amount_minor'),
            sql<string | null>`x.currency`.as('currency'),
            sql<string | null>`null::text`.as('reason'),
          ]) as unknown as Branch;
      case 'bank':
        return this.db
          .selectFrom('bank_transfers as x')
          .leftJoin('members as m', 'm.id', 'x.member_id')
          .select([
            ...common('x'),
            sql<string>`x.reference`.as('public_id'),
            sql<string | null>`x.sender_bank_code`.as('source'),
            sql<bigint | null>`x.amount_minor`.as('amount_minor'),
            sql<string | null>`x.currency`.as('currency'),
            sql<string | null>`x.unmatched_reason::text`.as('reason'),
          ]) as unknown as Branch;
      case 'slip':
        return this.db
          .selectFrom('slips as x')
          .leftJoin('members as m', 'm.id', 'x.member_id')
          .select([
            ...common('x'),
            sql<string>`x.public_id`.as('public_id'),
            sql<string | null>`x.sending_bank`.as('source'),
            sql<bigint | null>`x.amount_minor`.as('amount_minor'),
            sql<string | null>`coalesce(x.currency, m.currency)`.as('currency'),
            sql<string | null>`x.note::text`.as('reason'),
          ]) as unknown as Branch;
    }
  }

  private qrFiltered(query: QrCodeCsvQuery) {
    let select = this.db.selectFrom('qr_codes as q').leftJoin('members as m', 'm.id', 'q.member_id');
    if (query.status) select = select.where('q.status', '=', query.status);
    if (query.gateway) select = select.where('q.gateway', '=', query.gateway);
    return select;
  }

  private qrSelect(select: ReturnType<DepositsBackofficeRepository['qrFiltered']>) {
    return select
      .selectAll('q')
      .select(['m.public_id as member_public_id', 'm.phone as member_phone', 'm.name as member_name']);
  }
}

function memberOf(row: { member_public_id: string | null; member_phone: string | null; member_name: string | null }) {
  if (row.member_public_id === null) return null;
  return { id: row.member_public_id, phone: row.member_phone ?? '', name: row.member_name ?? '' };
}

const text = (value: bigint | string | null) => (value === null ? null : String(value));

function toDeposit(row: DepositRow): BackofficeDeposit {
  return {
    id: row.public_id,
    channel: row.channel,
    // A slip names its sending bank by its Bank of Thailand code (`004`): shown as our code (`KBANK`).
    source: row.channel === 'slip' && row.source !== null ? (bankOfBotCode(row.source) ?? row.source) : row.source,
    member: memberOf(row),
    amountMinor: text(row.amount_minor),
    currency: row.currency,
    status: row.status,
    reason: row.reason,
    entryId: text(row.entry_id),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

type QrRow = Awaited<ReturnType<ReturnType<DepositsBackofficeRepository['qrSelect']>['execute']>>[number];

function toQrCode(row: QrRow): BackofficeQrCode {
  return {
    id: row.qrcode_id,
    gateway: row.gateway,
    gatewayReference: row.gateway_reference,
    member: memberOf(row),
    amountMinor: String(row.amount_minor),
    paidAmountMinor: text(row.paid_amount_minor),
    currency: row.currency,
    status: row.status,
    expiresAt: row.expires_at.toISOString(),
    paidAt: row.paid_at?.toISOString() ?? null,
    entryId: text(row.entry_id),
    createdAt: row.created_at.toISOString(),
  };
}
