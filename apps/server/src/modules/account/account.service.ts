import type {
  BankAccountNameOutcome,
  ProfileResponse,
  RegisterRequest,
  UpdateBankAccountNameRequest,
  UpdateProfileRequest,
  ValidateAccountRequest,
} from '@member-wallet/contract/account';
import { type Country, LAOS_DEFAULT_CURRENCY } from '@member-wallet/contract/constants';
import { normalizeAccountName, profileIdFromInviteCode } from '@member-wallet/contract/rules';
import { type AccountRepository, type Member, uniqueViolation } from '../../core/account/account.repository.ts';
import { classifyNameChange } from '../../core/account/account-name-match.ts';
import type { PersonService } from '../../core/person/person.service.ts';
import type { SettingsService } from '../../core/settings/settings.service.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { type Clock, HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { assertPasswordPolicy } from '../../lib/password-policy.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { type Limit, type RateLimiter, takeHitsUnlessRefused } from '../../lib/rate-limiter.ts';
import { randomCode } from '../../lib/tokens.ts';
import type { LookupService } from '../lookup/lookup.module.ts';
import type { OtpService } from '../otp/otp.module.ts';
import type { BankNameRepository } from './bank-name.repository.ts';

/**
 * Validation and registration answer whether a phone or a bank account is registered, so each is limited per
 * address and per phone before any look-up (docs/accounts.md); a refused call counts nowhere.
 */
function validateLimits(phone: string, ip: string): Limit[] {
  return [
    { key: `validate:ip:1h:${ip}`, max: 100, windowMs: HOUR_MS, code: 'REQUEST_LIMIT' },
    { key: `validate:ip:1m:${ip}`, max: 20, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT_1MIN' },
    { key: `validate:phone:1h:${phone}`, max: 30, windowMs: HOUR_MS, code: 'REQUEST_LIMIT' },
    { key: `validate:phone:1m:${phone}`, max: 10, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT_1MIN' },
  ];
}

function registerLimits(phone: string, ip: string): Limit[] {
  return [
    { key: `register:ip:${ip}`, max: 10, windowMs: HOUR_MS, code: 'REQUEST_LIMIT' },
    { key: `register:phone:1h:${phone}`, max: 10, windowMs: HOUR_MS, code: 'REQUEST_LIMIT' },
    { key: `register:phone:1m:${phone}`, max: 5, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT_1MIN' },
  ];
}

const PUBLIC_ID_LENGTH = 8;
const PUBLIC_ID_TRIES = 5;

export interface AccountServiceDeps {
  db: Db;
  repository: AccountRepository;
  /** Bank account name changes that wait for an operator (docs/backoffice/bank-name-changes.md). */
  bankNames: BankNameRepository;
  otp: OtpService;
  lookup: LookupService;
  settings: SettingsService;
  passwords: PasswordHasher;
  limiter: RateLimiter;
  clock: Clock;
  country: Country;
  /** One person behind the accounts: a registration of an excluded person, or of one already here, is refused. */
  people: PersonService;
}

export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  async isRegistered(phone: string): Promise<boolean> {
    return (await this.deps.repository.findByPhone(phone)) !== undefined;
  }

  /** The profile step of the wizard: everything that can be checked before the bank step. */
  async validate(request: ValidateAccountRequest, ip: string): Promise<void> {
    assertPasswordPolicy('password', request.password, { username: request.username });
    await takeHitsUnlessRefused(this.deps.limiter, validateLimits(request.username, ip));
    if (await this.isRegistered(request.username)) throw new AppError('EXISTING_USER');
    await this.resolveSource(request.sourceCode);
    await this.resolveInviter(request.inviteCode);
    if (request.bankCode) await this.assertOfferedBank(request.bankCode);
    if (request.bankCode && request.bankAccountNo) {
      if (await this.deps.repository.bankAccountTaken(request.bankCode, request.bankAccountNo)) {
        throw new AppError('EXISTING_BANK');
      }
    }
  }

  async register(request: RegisterRequest, ip: string): Promise<Member> {
    const { repository, clock } = this.deps;
    assertPasswordPolicy('password', request.password, { username: request.username });
    await takeHitsUnlessRefused(this.deps.limiter, registerLimits(request.username, ip));
    if (await this.isRegistered(request.username)) throw new AppError('EXISTING_USER');
    await this.assertOfferedBank(request.bankCode);
    const sourceCode = await this.resolveSource(request.sourceCode);
    const inviter = await this.resolveInviter(request.inviteCode);
    const currency = this.currencyFor(request.currency);
    if (await repository.bankAccountTaken(request.bankCode, request.bankAccountNo)) {
      throw new AppError('EXISTING_BANK');
    }
    const otpChallenge = (await this.deps.settings.flag('registerOTP'))
      ? await this.deps.otp.verifiedChallenge(request.username)
      : null;
    if (otpChallenge === undefined) throw new AppError('UNVERIFIED_OTP');

    const passwordHash = await this.deps.passwords.hash(request.password);
    for (let attempt = 1; ; attempt++) {
      const now = clock.now();
      try {
        return await this.deps.db.transaction().execute(async (trx) => {
          if (otpChallenge && !(await this.deps.otp.consume(trx, otpChallenge.id, now))) {
            throw new AppError('UNVERIFIED_OTP');
          }
          const found = await this.deps.people.screenRegistration(trx, { ...request, ip });
          const member = await repository.insert(trx, {
            public_id: randomCode(PUBLIC_ID_LENGTH),
            phone: request.username,
            password_hash: passwordHash,
            name: request.name,
            source_code: sourceCode,
            inviter_id: inviter?.id ?? null,
            bank_code: request.bankCode,
            bank_account_no: request.bankAccountNo,
            bank_account_name: request.bankAccountName,
            currency,
            created_at: now,
            updated_at: now,
            // Compared with the inviter's by the invite programme (docs/promotions/invite.md, Links held for review).
            registration_ip: ip,
          });
          await this.deps.people.fileRegistration(trx, member.id, found);
          return member;
        });
      } catch (error) {
        const violated = uniqueViolation(error);
        // Two registrations racing past the checks above meet here, at the unique constraints.
        if (violated === 'phone') throw new AppError('EXISTING_USER');
        if (violated === 'bank') throw new AppError('EXISTING_BANK');
        if (violated === 'public_id' && attempt < PUBLIC_ID_TRIES) continue;
        throw error;
      }
    }
  }

  async profile(memberId: bigint): Promise<ProfileResponse> {
    const member = await this.deps.repository.findProfile(memberId);
    if (!member) throw new AppError('NO_USER');
    return {
      _id: member.public_id,
      memberNo: Number(member.id),
      name: member.name,
      username: member.phone,
      createdAt: member.created_at.toISOString(),
      currency: member.currency,
      bankCode: member.bank_code,
      bankAccountName: member.bank_account_name,
      bankAccountNo: member.bank_account_no,
      bank: { nameTH: member.bank_name_th, nameEN: member.bank_name_en, nameLO: member.bank_name_lo },
    };
  }

  /** Only the display name may change; the bank fields must name the registered account (decision 0003). */
  async updateProfile(memberId: bigint, request: UpdateProfileRequest): Promise<void> {
    const member = await this.requireMember(memberId);
    const sameAccount =
      request.bankCode === member.bank_code &&
      request.bankAccountNo === member.bank_account_no &&
      normalizeAccountName(request.bankAccountName) === member.bank_account_name;
    if (!sameAccount) throw new AppError('INVALID_BANK', { bankCode: 'INVALID_BANK' });
    await this.deps.repository.update(memberId, { name: request.name }, this.deps.clock.now());
  }

  /**
   * Another spelling of the account name, on the registered bank only (docs/accounts.md, Changing the bank account
   * name). The same name spelt differently is applied at once (`OK`); any other name changes nothing and is filed
   * for an operator's review (`REVIEW`). While a request waits, every change is refused (409
   * BANK_NAME_UNDER_REVIEW): the operator's decision comes first. Under the member's row lock, so two calls at
   * once, or a call and an operator's decision, take turns.
   */
  async updateBankAccountName(
    memberId: bigint,
    request: UpdateBankAccountNameRequest,
  ): Promise<BankAccountNameOutcome> {
    const { db, bankNames, clock } = this.deps;
    return transactionWithRetry(db, async (trx) => {
      const member = await bankNames.lockMember(trx, memberId);
      if (!member) throw new AppError('NO_USER');
      if (request.bankCode !== member.bank_code) throw new AppError('INVALID_BANK', { bankCode: 'INVALID_BANK' });
      const change = classifyNameChange(member.bank_account_name, request.bankAccountName);
      if (change === 'same') return 'OK';
      if (await bankNames.pendingOf(trx, memberId)) throw new AppError('BANK_NAME_UNDER_REVIEW');
      const now = clock.now();
      if (change === 'spelling') {
        await bankNames.setMemberName(trx, memberId, request.bankAccountName, now);
        return 'OK';
      }
      await bankNames.file(trx, {
        member_id: memberId,
        bank_code: member.bank_code,
        name_from: member.bank_account_name,
        name_to: request.bankAccountName,
        requested_at: now,
      });
      return 'REVIEW';
    });
  }

  async requireMember(memberId: bigint): Promise<Member> {
    const member = await this.deps.repository.findById(memberId);
    if (!member) throw new AppError('NO_USER');
    return member;
  }

  private async assertOfferedBank(bankCode: string): Promise<void> {
    if (!(await this.deps.lookup.isOfferedBank(bankCode))) {
      throw new AppError('INVALID_BANK', { bankCode: 'INVALID_BANK' });
    }
  }

  private async resolveSource(sourceCode: string | undefined): Promise<string | null> {
    if (!sourceCode) return null;
    if (!(await this.deps.lookup.isActiveSource(sourceCode))) {
      throw new AppError('INVALID_USER_INFO', { sourceCode: 'INVALID_USER_INFO' });
    }
    return sourceCode;
  }

  private async resolveInviter(inviteCode: string | undefined): Promise<Member | null> {
    if (!inviteCode) return null;
    const publicId = profileIdFromInviteCode(inviteCode);
    const inviter = publicId ? await this.deps.repository.findByPublicId(publicId) : undefined;
    if (!inviter) throw new AppError('INVALID_USER_INFO', { inviteCode: 'INVALID_USER_INFO' });
    return inviter;
  }

  /** Laos: LAK unless BAHT is chosen. Thailand: always BAHT; naming another currency is refused. */
  private currencyFor(requested: string | undefined): string {
    if (this.deps.country === 'LA') return requested ?? LAOS_DEFAULT_CURRENCY;
    if (requested !== undefined && requested !== 'BAHT') {
      throw new AppError('KEY_INVALID', { currency: 'KEY_INVALID' });
    }
    return 'BAHT';
  }
}
