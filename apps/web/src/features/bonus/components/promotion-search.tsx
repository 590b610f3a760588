import { BONUS_CODE_LENGTH_MAX } from '@member-wallet/contract/bonus';
import { Button } from '@member-wallet/ui/button';
import { FieldMessage, INPUT_CLASS } from '@member-wallet/ui/field-message';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';

/**
 * The promotion-code form (spec sections 2 and 5): the code is upper-cased as it is typed and required; an
 * empty search shows the message and sends nothing.
 */
export function PromotionSearch({ onSearch }: { onSearch: (code: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const value = code.trim();
        if (value === '') {
          setError(t('bonus.codeRequired'));
          return;
        }
        onSearch(value);
      }}
    >
      <label htmlFor={id} className="mb-1 block text-slate-800">
        {t('bonus.code')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="promotionCode"
          value={code}
          onChange={(event) => {
            setCode(event.target.value.toUpperCase());
            setError(null);
          }}
          required
          maxLength={BONUS_CODE_LENGTH_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-message` : undefined}
          className={`${INPUT_CLASS} min-w-0 flex-1 ${error ? 'border-red-600' : 'border-slate-300'}`}
        />
        <Button type="submit">{t('bonus.search')}</Button>
      </div>
      <FieldMessage id={`${id}-message`} error={error} />
    </form>
  );
}
