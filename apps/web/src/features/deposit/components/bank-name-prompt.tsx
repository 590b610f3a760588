import { normalizeAccountName } from '@member-wallet/contract/rules';
import { Button } from '@member-wallet/ui/button';
import { TextField } from '@member-wallet/ui/text-field';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { isUnderReview, useUpdateBankAccountName } from '../api/update-bank-account-name.ts';
import { checkEnglishName } from '../bank-name.ts';

/**
 * Asks a KTB, TMB or BBL member for their account name in English (spec sections 2 and 5). The input is
 * upper-cased as typed and trimmed when sent; a failure is a red toast, a success reloads the wallet, whose
 * English name then hides this prompt. A name that is not the registered one spelt differently changes nothing
 * and waits for our staff (docs/accounts.md): the prompt then says so instead of asking again, as it does when an
 * earlier change still waits (409 BANK_NAME_UNDER_REVIEW).
 */
export function BankNamePrompt({ bankCode, onSaved }: { bankCode: string; onSaved: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateBankAccountName();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [inReview, setInReview] = useState(false);

  function submit() {
    const problem = checkEnglishName(name);
    if (problem) {
      setError(t(problem));
      return;
    }
    update.mutate(
      { bankCode, bankAccountName: normalizeAccountName(name) },
      {
        onSuccess: (answer) => {
          if (answer.message === 'REVIEW') {
            setInReview(true);
            return;
          }
          showToast('success', t('deposit.nameEdit.saved'));
          onSaved();
        },
        onError: (failure) => {
          if (isUnderReview(failure)) setInReview(true);
        },
      },
    );
  }

  if (inReview) {
    return (
      <section
        role="status"
        aria-label={t('deposit.nameEdit.title')}
        className="space-y-2 rounded-2xl bg-amber-50 p-3 text-amber-950"
      >
        <h3 className="font-semibold">{t('deposit.nameEdit.title')}</h3>
        <p className="text-sm">{t('deposit.nameEdit.inReview')}</p>
      </section>
    );
  }

  return (
    <form
      noValidate
      aria-label={t('deposit.nameEdit.title')}
      className="space-y-2 rounded-2xl bg-amber-50 p-3 text-amber-950"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 className="font-semibold">{t('deposit.nameEdit.title')}</h3>
      <p className="text-sm">{t('deposit.nameEdit.body')}</p>
      <TextField
        label={t('deposit.nameEdit.label')}
        name="bankAccountName"
        autoComplete="name"
        autoCapitalize="characters"
        required
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.target.value.toUpperCase());
          setError(null);
        }}
      />
      <Button type="submit" block loading={update.isPending}>
        {t('common.save')}
      </Button>
    </form>
  );
}
