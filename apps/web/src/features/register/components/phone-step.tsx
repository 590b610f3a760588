import { Button } from '@member-wallet/ui/button';
import { TextField } from '@member-wallet/ui/text-field';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { env } from '../../../lib/env.ts';
import { checkPhone } from '../../../lib/validation.ts';

export function PhoneStep({
  initialPhone,
  busy,
  onSubmit,
}: {
  initialPhone: string;
  busy: boolean;
  onSubmit: (phone: string) => void;
}) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState(initialPhone);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = checkPhone(phone, env.country);
    if (problem) {
      setError(t(problem));
      return;
    }
    onSubmit(phone.trim());
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label={t('register.phoneNumber')}
        name="phoneNumber"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        onChange={(event) => {
          setPhone(event.target.value);
          setError(null);
        }}
        error={error}
        hint={t('register.phoneHint')}
      />
      <Button type="submit" block loading={busy}>
        {t('common.next')}
      </Button>
    </form>
  );
}
