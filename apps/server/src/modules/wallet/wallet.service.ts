import { randomUUID } from 'node:crypto';
import { toMajor } from '@member-wallet/contract/money';
import type { AutoLoginResponse, MoneyActionResponse, SlotAccountResponse } from '@member-wallet/contract/wallet';
import { AUTO_LOGIN, WALLET_CODE, type WalletResponse } from '@member-wallet/contract/wallet';
import type { AccountRepository, Member } from '../../core/account/account.repository.ts';
import { sessionMember } from '../../core/account/session-member.ts';
import type { ProviderRegistry } from '../../core/games/provider-registry.ts';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import type { SettingsService } from '../../core/settings/settings.service.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { sandboxLabel } from '../../lib/sandbox-label.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { newGamePassword } from '../../lib/tokens.ts';
import type { GameAccount, GameProviderRow, GamesRepository } from '../games/games.module.ts';
import { isOpen, type TransferService } from '../games/games.module.ts';

/** The smallest transfer: 1 baht (spec sections 5 and 9). */
export const TRANSFER_MIN_MINOR = 100n;
const BASIS_POINTS = 10_000;

/** A member's prize-wheel coins (the spin module answers it), shown as `profile.coin`. */
export interface CoinBalance {
  coinsOf(memberId: bigint): Promise<number>;
}

export interface WalletServiceDeps {
  db: Db;
  accounts: AccountRepository;
  ledger: LedgerService;
  repository: GamesRepository;
  registry: ProviderRegistry;
  transfers: TransferService;
  settings: SettingsService;
  secrets: SecretBox;
  clock: Clock;
  /** The invite programme (modules/invite): the `invite` of the wallet answer. */
  invites: WalletInviteSource;
  /** Without it (scripts, tests of other modules) the wallet shows no coins. */
  coins?: CoinBalance;
}

/** What the wallet answer shows of the invite programme: the collectable amount and its success/fail split. */
export interface WalletInviteSource {
  walletInvite(memberId: bigint): Promise<{ amount: number; success: number; fail: number }>;
}

interface Slot {
  provider: GameProviderRow;
  account: GameAccount;
}

/** One leg's outcome, for the answer of a transfer request. */
interface Leg {
  id: string;
  state: 'completed' | 'failed' | 'open';
  /** The wallet's balance as the leg's last step read it, when it read it. */
  walletMinor?: bigint | undefined;
}

/** What a money call needs of the member, all of it read with the session (AuthContext). */
type MemberRef = Pick<Member, 'id' | 'currency'>;

/**
 * The member's wallet and game accounts (spec section 7, Wallet and Auto-login; docs/wallet.md). The member id
 * always comes from the session; every game-account lookup is scoped by it, so another member's slot code,
 * username or transfer answers as if it did not exist.
 */
export class WalletService {
  constructor(private readonly deps: WalletServiceDeps) {}

  async view(memberId: bigint): Promise<WalletResponse> {
    const { accounts, repository, ledger, db } = this.deps;
    const member = await accounts.findProfile(memberId);
    if (!member) throw new AppError('NO_USER');
    const wallet = await ledger.memberWallet(db, memberId, member.currency);
    const providers = await repository.listProviders(true);
    const owned = new Map((await repository.listAccounts(memberId)).map((account) => [account.provider_code, account]));
    const slots = [];
    for (const provider of providers) {
      const account = owned.get(provider.code);
      const position = account ? await this.position(memberId, provider.code, member.currency) : 0n;
      slots.push({
        code: provider.code,
        name: provider.name,
        category: provider.category,
        logo: provider.logo,
        background: provider.background,
        amount: toMajor(position),
        isActive: account !== undefined,
        ftWalletSlot: provider.ft_wallet_slot_bp / BASIS_POINTS,
        web: provider.web,
        android: provider.android,
        ios: provider.ios,
        ...fromSandbox(provider),
      });
    }
    return {
      profile: {
        _id: member.public_id,
        name: member.name,
        username: member.phone,
        coin: (await this.deps.coins?.coinsOf(memberId)) ?? 0,
      },
      bankAccount: {
        bankAccountName: member.bank_account_name,
        bankAccountNo: member.bank_account_no,
        bankCode: member.bank_code,
        bank: { nameTH: member.bank_name_th, nameEN: member.bank_name_en },
      },
      wallet: { amount: toMajor(wallet.balance), currency: member.currency },
      invite: await this.deps.invites.walletInvite(memberId),
      slots,
    };
  }

  /** Asks every provider the member has an account at for its live balance, and brings positions in line. */
  async refreshSlots(memberId: bigint): Promise<WalletResponse> {
    const member = await this.member(memberId);
    const providers = new Map((await this.deps.repository.listProviders(true)).map((row) => [row.code, row]));
    const accounts = await this.deps.repository.listAccounts(memberId);
    await Promise.all(
      accounts.flatMap((account) => {
        const provider = providers.get(account.provider_code);
        return provider ? [this.syncPosition(member, { provider, account })] : [];
      }),
    );
    return this.view(memberId);
  }

  async activate(memberId: bigint, slotCode: string): Promise<SlotAccountResponse> {
    const { repository, registry, secrets, clock } = this.deps;
    const member = await this.member(memberId);
    const provider = await this.provider(slotCode);
    if (await repository.findAccount(memberId, provider.code)) throw new AppError('SLOT_ALREADY_ACTIVE');
    const adapter = registry.for(provider);
    if (!adapter) throw new AppError('SLOT_ACTIVATE_FAIL');
    // Our own id for the member at the provider: asking again after a lost answer gets the same account back.
    const credentials = await adapter.createAccount(`m${member.public_id}`).catch(() => {
      throw new AppError('SLOT_ACTIVATE_FAIL');
    });
    const inserted = await repository.insertAccount(
      memberId,
      provider.code,
      credentials.username,
      secrets.seal(credentials.password),
      clock.now(),
    );
    if (!inserted) throw new AppError('SLOT_ALREADY_ACTIVE');
    return { ...credentials, ...fromSandbox(provider) };
  }

  async credentials(memberId: bigint, slotCode: string): Promise<SlotAccountResponse> {
    const { provider, account } = await this.slot(memberId, slotCode);
    const password = this.deps.secrets.open(account.password_encrypted);
    return { username: account.username, password, ...fromSandbox(provider) };
  }

  async resetPassword(memberId: bigint, slotCode: string): Promise<SlotAccountResponse> {
    const { provider, account } = await this.slot(memberId, slotCode);
    const adapter = this.deps.registry.for(provider);
    if (!adapter) throw new AppError('SLOT_RESET_PASSWORD_FAIL');
    const password = await adapter.resetPassword(account.username, newGamePassword()).catch(() => {
      throw new AppError('SLOT_RESET_PASSWORD_FAIL');
    });
    await this.deps.repository.setPassword(account.id, this.deps.secrets.seal(password), this.deps.clock.now());
    return { username: account.username, password, ...fromSandbox(provider) };
  }

  /**
   * `GET /api/autoLogin/{path}/{username}[/{password}]`: a launch link, only for the caller's own account with
   * those credentials. Anything else answers NO_DATA (404), the same for a stranger's account as for none.
   */
  async autoLogin(
    memberId: bigint,
    path: string,
    username: string,
    password: string | undefined,
  ): Promise<AutoLoginResponse> {
    const code = Object.entries(AUTO_LOGIN).find(([, entry]) => entry.path === path)?.[0];
    const provider = code ? await this.deps.repository.findProvider(code) : undefined;
    const account = provider?.active ? await this.deps.repository.findAccount(memberId, provider.code) : undefined;
    const matches =
      account !== undefined &&
      account.username === username &&
      (password === undefined || this.deps.secrets.open(account.password_encrypted) === password);
    if (!provider || !account || !matches) throw new AppError('NO_DATA');
    const adapter = this.deps.registry.for(provider);
    // The provider's adapter is not configured, or the provider did not answer: the party failed, not the game.
    if (!adapter) throw new AppError('INTERNAL_SERVER_ERROR');
    const link = await adapter.launchLink(account.username).catch(() => {
      throw new AppError('INTERNAL_SERVER_ERROR');
    });
    return { link, ...fromSandbox(provider) };
  }

  /** `POST /api/wallet/transfer` (and `/add`: wallet to a game account). `key` is the HTTP Idempotency-Key. */
  async transfer(
    member: MemberRef,
    request: { from: string; to: string; amountMinor: bigint },
    key: string,
  ): Promise<MoneyActionResponse> {
    const { from, to, amountMinor } = request;
    if (from === to) throw new AppError('KEY_INVALID', { to: 'KEY_INVALID' });
    if (amountMinor < TRANSFER_MIN_MINOR) throw new AppError('TRANSFER_MINIMUM', { amount: 'TRANSFER_MINIMUM' });
    const source = from === WALLET_CODE ? null : await this.slot(member.id, from);
    const target = to === WALLET_CODE ? null : await this.slot(member.id, to);
    const legs: Leg[] = [];
    if (source) {
      legs.push(await this.leg(member, source, 'from_game', amountMinor, `${key}:from:${source.provider.code}`));
      if (legs[0]?.state !== 'completed') return this.answer(member, legs);
    }
    if (target) legs.push(await this.leg(member, target, 'to_game', amountMinor, `${key}:to:${target.provider.code}`));
    return this.answer(member, legs);
  }

  /** `POST /api/wallet/transferAll`: every game account's balance (and the wallet's) goes to `to`. */
  async transferAll(member: MemberRef, to: string, key: string): Promise<MoneyActionResponse> {
    const memberId = member.id;
    const target = to === WALLET_CODE ? null : await this.slot(memberId, to);
    const providers = new Map((await this.deps.repository.listProviders(true)).map((row) => [row.code, row]));
    const legs: Leg[] = [];
    for (const account of await this.deps.repository.listAccounts(memberId)) {
      const provider = providers.get(account.provider_code);
      if (!provider || provider.code === target?.provider.code) continue;
      const balance = await this.syncPosition(member, { provider, account });
      if (balance <= 0n) continue;
      legs.push(await this.leg(member, { provider, account }, 'from_game', balance, `${key}:from:${provider.code}`));
    }
    if (target) {
      const wallet = await this.deps.ledger.memberWallet(this.deps.db, memberId, member.currency);
      if (wallet.balance > 0n) {
        legs.push(await this.leg(member, target, 'to_game', wallet.balance, `${key}:to:${target.provider.code}`));
      }
    }
    if (legs.length === 0) throw new AppError('MONEY_NOT_ENOUGH');
    return this.answer(member, legs);
  }

  private async leg(
    member: MemberRef,
    slot: Slot,
    direction: 'to_game' | 'from_game',
    amountMinor: bigint,
    key: string,
  ): Promise<Leg> {
    // The position may lag the provider (the member played): bring it in line before paying out of it.
    if (direction === 'from_game') await this.syncPosition(member, slot);
    const { transfer, walletMinor } = await this.deps.transfers.run(
      {
        memberId: member.id,
        currency: member.currency,
        providerCode: slot.provider.code,
        direction,
        amountMinor,
        key,
      },
      { provider: slot.provider, username: slot.account.username },
    );
    return {
      id: transfer.id,
      state: isOpen(transfer) ? 'open' : transfer.state === 'completed' ? 'completed' : 'failed',
      walletMinor,
    };
  }

  /** One failed leg and nothing else done answers TRANSFER_FAIL (the funds are back); open legs IN_PROGRESS. */
  private async answer(member: MemberRef, legs: Leg[]): Promise<MoneyActionResponse> {
    const failed = legs.filter((leg) => leg.state === 'failed');
    if (failed.length > 0 && legs.every((leg) => leg.state === 'failed')) throw new AppError('TRANSFER_FAIL');
    const { ledger, db } = this.deps;
    // The last step's own read of the wallet when it made one (a completed wallet-to-game leg), else a read now.
    const last = legs.at(-1)?.walletMinor;
    const wallet = last ?? (await ledger.balanceOf(db, await ledger.memberWalletId(db, member.id, member.currency)));
    const open = legs.some((leg) => leg.state === 'open');
    return {
      message: failed.length > 0 ? 'TRANSFER_FAIL' : 'SUCCESS',
      wallet: { amount: toMajor(wallet) },
      status: open ? 'IN_PROGRESS' : failed.length > 0 ? 'FAILED' : 'SUCCESS',
      reference: legs.map((leg) => leg.id).join(','),
    };
  }

  /**
   * Brings the member's position at a provider in line with the provider's live balance (game wins and losses),
   * against the provider float. Skipped while a transfer there is open or the position moved during the call,
   * since the live balance would then not match the ledger's view of in-flight money. Answers the position.
   */
  private async syncPosition(member: MemberRef, slot: Slot): Promise<bigint> {
    const { ledger, repository, registry, db, clock } = this.deps;
    const code = slot.provider.code;
    const position = await ledger.ensureAccount(db, {
      kind: 'member_provider_position',
      memberId: member.id,
      providerCode: code,
      currency: member.currency,
    });
    const adapter = registry.for(slot.provider);
    if (!adapter || (await repository.hasOpenTransfer(db, member.id, code))) return position.balance;
    const live = await adapter.balance(slot.account.username).catch(() => undefined);
    if (live === undefined || live === position.balance) return position.balance;
    const float = await ledger.ensureAccount(db, {
      kind: 'provider_float',
      memberId: null,
      providerCode: code,
      currency: member.currency,
    });
    return transactionWithRetry(db, async (trx) => {
      const locked = await ledger.lockBalance(trx, position.id);
      const openNow = await repository.hasOpenTransfer(trx, member.id, code);
      if (locked === undefined || locked !== position.balance || openNow) return locked ?? position.balance;
      const delta = live - locked;
      await ledger.post(trx, {
        memberId: member.id,
        type: 'adjustment',
        status: 'completed',
        idempotencyKey: `provider-sync:${code}:${randomUUID()}`,
        reference: { provider: code, reason: 'provider balance sync', at: clock.now().toISOString() },
        postings: [
          { account: position.id, amount: delta },
          { account: float.id, amount: -delta },
        ],
      });
      return live;
    });
  }

  private async position(memberId: bigint, providerCode: string, currency: string): Promise<bigint> {
    const account = await this.deps.ledger.findAccount(this.deps.db, {
      kind: 'member_provider_position',
      memberId,
      providerCode,
      currency,
    });
    return account?.balance ?? 0n;
  }

  private member(memberId: bigint): Promise<Member> {
    return sessionMember(this.deps.accounts, memberId);
  }

  private async provider(slotCode: string): Promise<GameProviderRow> {
    const provider = await this.deps.repository.findProvider(slotCode);
    if (!provider?.active) throw new AppError('NO_GAME');
    return provider;
  }

  /** The caller's own account at a provider: NO_GAME for an unknown code, SLOT_NO_ACCOUNT when they have none. */
  private async slot(memberId: bigint, slotCode: string): Promise<Slot> {
    const found = await this.deps.repository.findProviderWithAccount(slotCode, memberId);
    if (!found?.provider.active) throw new AppError('NO_GAME');
    if (!found.account) throw new AppError('SLOT_NO_ACCOUNT');
    return { provider: found.provider, account: found.account };
  }
}

/** A sandbox provider's answers carry the sandbox label (docs/parties/README.md): its catalogue row says which. */
function fromSandbox(provider: GameProviderRow): { sandbox?: true } {
  return sandboxLabel(provider.adapter === 'sandbox');
}
