import { type Country, LAOS_CURRENCIES, type Locale, RECOMMENDED_BANKS } from '@member-wallet/contract/constants';
import type { BankItem, ContactResponse, HowtoItem, InfoResponse, SourceItem } from '@member-wallet/contract/lookup';
import type { SettingsService } from '../../core/settings/settings.service.ts';
import type { BankRow, LookupRepository } from './lookup.repository.ts';

/** Which banks a build offers: Thai banks in Thailand; Lao and Thai banks in Laos. */
export function bankCountries(country: Country): readonly string[] {
  return country === 'LA' ? ['LA', 'TH'] : ['TH'];
}

function recommendedFirst(country: Country, banks: BankRow[]): BankRow[] {
  const recommended: readonly string[] = country === 'TH' ? RECOMMENDED_BANKS : [];
  const rank = (bank: BankRow) => {
    const index = recommended.indexOf(bank.code);
    return index === -1 ? recommended.length : index;
  };
  const countryRank = (bank: BankRow) => (bank.country === country ? 0 : 1);
  return [...banks].sort((a, b) => rank(a) - rank(b) || countryRank(a) - countryRank(b));
}

export class LookupService {
  constructor(
    private readonly repository: LookupRepository,
    private readonly settings: SettingsService,
    private readonly country: Country,
  ) {}

  async banks(): Promise<BankItem[]> {
    const banks = await this.repository.listActiveBanks(bankCountries(this.country));
    return recommendedFirst(this.country, banks).map((bank) => ({
      code: bank.code,
      nameTH: bank.name_th,
      nameEN: bank.name_en,
      nameLO: bank.name_lo,
    }));
  }

  /** A bank a member of this build may register: known, active and offered in this country. */
  async isOfferedBank(code: string): Promise<boolean> {
    const bank = await this.repository.findBank(code);
    return bank?.active === true && bankCountries(this.country).includes(bank.country);
  }

  async sources(locale: Locale): Promise<SourceItem[]> {
    const sources = await this.repository.listActiveSources();
    return sources.map((source) => ({
      code: source.code,
      description: source.description[locale] ?? source.description.th ?? source.code,
    }));
  }

  isActiveSource(code: string): Promise<boolean> {
    return this.repository.sourceIsActive(code);
  }

  async conditions(locale: Locale): Promise<string[]> {
    return ((await this.settings.localized('conditions', locale)) as string[] | undefined) ?? [];
  }

  async agreements(locale: Locale): Promise<string[]> {
    return ((await this.settings.localized('agreements', locale)) as string[] | undefined) ?? [];
  }

  async info(locale: Locale): Promise<InfoResponse> {
    return ((await this.settings.localized('info', locale)) as InfoResponse | undefined) ?? { name: '', website: '' };
  }

  async notice(locale: Locale): Promise<{ notice: string }> {
    return ((await this.settings.localized('notice', locale)) as { notice: string } | undefined) ?? { notice: '' };
  }

  async contact(locale: Locale): Promise<ContactResponse> {
    const contact = (await this.settings.localized('contact', locale)) as ContactResponse | undefined;
    return contact ?? { contactText: '', lineLink: '', lineName: '', lineQR: '' };
  }

  async howto(): Promise<HowtoItem[]> {
    return ((await this.settings.global('howto')) as HowtoItem[] | undefined) ?? [];
  }

  currencies(): (typeof LAOS_CURRENCIES)[number][] {
    return this.country === 'LA' ? [...LAOS_CURRENCIES] : [];
  }
}
