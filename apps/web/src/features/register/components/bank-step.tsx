import { accountNoDigits } from '@member-wallet/contract/bank-account-no';
import {
  type Currency,
  LAOS_CURRENCIES,
  LAOS_DEFAULT_CURRENCY,
  type Locale,
  RECOMMENDED_BANKS,
} from '@member-wallet/contract/constants';
import { FIELD_LIMITS } from '@member-wallet/contract/field-limits';
import type { BankItem } from '@member-wallet/contract/lookup';
import { joinAccountName, normalizeAccountName, requiresEnglishName } from '@member-wallet/contract/rules';
import { Button } from '@member-wallet/ui/button';
import { TextField } from '@member-wallet/ui/text-field';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Select, type SelectOption } from '../../../components/select.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { bankItemName } from '../../../lib/bank-name.ts';
import { env } from '../../../lib/env.ts';
import { type FieldErrors, fieldErrorsFrom } from '../../../lib/form-errors.ts';
import { checkAccountName, checkAccountNo, isBlank, upperCaseName } from '../../../lib/validation.ts';
import { useBanks } from '../api/get-banks.ts';
import { useCurrencies } from '../api/get-currencies.ts';

export interface BankValues {
  bankCode: string;
  bankAccountNo: string;
  firstName: string;
  lastName: string;
  currency: Currency;
}

const INPUTS = ['bankCode', 'bankAccountNo', 'firstName', 'lastName', 'currency'] as const;
const ALIASES = { bankAccountName: 'firstName' } as const;
const CURRENCY_KEYS = { LAK: 'register.currencyLAK', BAHT: 'register.currencyBAHT' } as const;
const isLaos = env.country === 'LA';

type Translate = ReturnType<typeof useTranslation>['t'];

function isRecommended(code: string): boolean {
  return !isLaos && (RECOMMENDED_BANKS as readonly string[]).includes(code);
}

export function bankOptions(
  banks: readonly BankItem[],
  locale: Locale,
  recommended: (name: string) => string,
): SelectOption[] {
  const sorted = [...banks].sort((a, b) => Number(isRecommended(b.code)) - Number(isRecommended(a.code)));
  return sorted.map((bank) => {
    const name = bankItemName(bank, locale);
    return isRecommended(bank.code)
      ? { value: bank.code, label: recommended(name) }
      : { value: bank.code, label: name, labelIsData: true };
  });
}

/** The step's own checks before it is sent: a bank, a number of the bank's length, both names. */
function bankErrors(values: BankValues, t: Translate): FieldErrors {
  const found: FieldErrors = {};
  if (isBlank(values.bankCode)) found.bankCode = t('validation.bankRequired');
  if (isBlank(values.bankAccountNo)) found.bankAccountNo = t('validation.accountNoRequired');
  else {
    const problem = checkAccountNo(values.bankCode, values.bankAccountNo);
    if (problem) found.bankAccountNo = t(problem.key, problem.values);
  }
  for (const field of ['firstName', 'lastName'] as const) {
    if (isBlank(values[field])) {
      found[field] = t(field === 'firstName' ? 'validation.firstNameRequired' : 'validation.lastNameRequired');
    } else {
      const problem = checkAccountName(values.bankCode, values[field]);
      if (problem) found[field] = t(problem);
    }
  }
  return found;
}

/** The Laos build's currencies to choose from: the server's list, or the contract's while it loads. */
function currencyOptions(offered: readonly Currency[] | undefined, t: Translate): SelectOption[] {
  return (offered?.length ? offered : LAOS_CURRENCIES).map((currency) => ({
    value: currency,
    label: t(CURRENCY_KEYS[currency]),
  }));
}

export function BankStep({
  busy,
  done,
  onSubmit,
  onBack,
}: {
  busy: boolean;
  done: boolean;
  onSubmit: (values: BankValues & { bankAccountName: string }) => Promise<unknown>;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const banks = useBanks();
  const currencies = useCurrencies(isLaos);
  const [values, setValues] = useState<BankValues>({
    bankCode: '',
    bankAccountNo: '',
    firstName: '',
    lastName: '',
    currency: LAOS_DEFAULT_CURRENCY,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const englishOnly = requiresEnglishName(values.bankCode);

  function onChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    const { name, value } = event.target;
    const next = name === 'firstName' || name === 'lastName' ? upperCaseName(value) : value;
    setValues((previous) => ({ ...previous, [name]: next }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  }

  function onNameBlur(event: ChangeEvent<HTMLInputElement>) {
    const { name, value } = event.target;
    setValues((previous) => ({ ...previous, [name]: normalizeAccountName(value) }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = bankErrors(values, t);
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    onSubmit({
      ...values,
      bankAccountNo: accountNoDigits(values.bankAccountNo) ?? values.bankAccountNo.trim(),
      bankAccountName: joinAccountName(values.firstName, values.lastName),
    }).catch((error: unknown) => setErrors(fieldErrorsFrom(error, INPUTS, ALIASES)));
  }

  const nameHint = englishOnly ? t('register.englishNameHint') : t('register.accountNameHint');

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Select
        label={t('register.bankCode')}
        name="bankCode"
        placeholder={t('common.selectPlaceholder')}
        options={bankOptions(banks.data ?? [], i18n.language, (name) => t('register.bankRecommended', { name }))}
        value={values.bankCode}
        onChange={onChange}
        error={errors.bankCode}
      />
      <TextField
        label={t('register.bankAccountNo')}
        name="bankAccountNo"
        inputMode="numeric"
        autoComplete="off"
        maxLength={FIELD_LIMITS.bankAccountNoInputMax}
        value={values.bankAccountNo}
        onChange={onChange}
        error={errors.bankAccountNo}
        hint={t('register.accountNoHint')}
      />
      {(['firstName', 'lastName'] as const).map((field) => (
        <TextField
          key={field}
          label={t(field === 'firstName' ? 'register.firstName' : 'register.lastName')}
          name={field}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={FIELD_LIMITS.bankAccountNameMax}
          value={values[field]}
          onChange={onChange}
          onBlur={onNameBlur}
          error={errors[field]}
          {...(field === 'firstName' ? { hint: nameHint } : {})}
        />
      ))}
      {isLaos ? (
        <Select
          label={t('register.currency')}
          name="currency"
          options={currencyOptions(currencies.data, t)}
          value={values.currency}
          onChange={onChange}
          error={errors.currency}
        />
      ) : null}
      <div className="flex gap-2">
        <Button variant="ghost" onClick={onBack} disabled={busy || done}>
          {t('common.back')}
        </Button>
        <Button type="submit" className="flex-1" loading={busy} disabled={done}>
          {t('register.submit')}
        </Button>
      </div>
    </form>
  );
}
