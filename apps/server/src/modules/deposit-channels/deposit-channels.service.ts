import { type DepositBank, type DepositLookupResponse, depositLookupResponse } from '@member-wallet/contract/deposit';
import { toMajor } from '@member-wallet/contract/money';
import type { Member } from '../../core/account/account.repository.ts';
import { InvalidTokenError } from '../../lib/errors.ts';
import type { DepositChannel, DepositChannelsRepository } from './deposit-channels.repository.ts';

function toBankEntry(channel: DepositChannel): DepositBank {
  return {
    bankCode: channel.bank_code,
    bankType: channel.bank_type,
    mode: channel.mode,
    bankNameTH: channel.name_th,
    bankNameEN: channel.name_en,
    bankNameLO: channel.name_lo,
    accountName: channel.account_name,
    accountNo: channel.account_no,
    currency: channel.currency,
    minAmount: channel.mode === 'QR' ? toMajor(channel.min_amount_minor) : 0,
  };
}

/**
 * `GET /api/lookup/deposit` for a member: the channels of the member's currency. `isManual` is true when one of
 * them takes transfers proved by a slip (mode MANUAL).
 */
async function depositLookup(
  channels: DepositChannelsRepository,
  member: Pick<Member, 'currency'>,
): Promise<DepositLookupResponse> {
  const [banks, wallets] = await Promise.all([channels.list(member.currency), channels.wallets(member.currency)]);
  return depositLookupResponse.parse({
    banks: banks.map(toBankEntry),
    wallets: wallets.map((wallet) => ({ mode: wallet.mode, walletAccountName: wallet.wallet_account_name })),
    isManual: banks.some((bank) => bank.mode === 'MANUAL'),
  });
}

/** Where a member pays in: the operator's channels of the member's currency. */
export class DepositChannelsService {
  constructor(
    private readonly deps: {
      channels: DepositChannelsRepository;
      members: { findById(id: bigint): Promise<Member | undefined> };
    },
  ) {}

  async forMember(memberId: bigint): Promise<DepositLookupResponse> {
    const member = await this.deps.members.findById(memberId);
    if (!member) throw new InvalidTokenError();
    return depositLookup(this.deps.channels, member);
  }
}
