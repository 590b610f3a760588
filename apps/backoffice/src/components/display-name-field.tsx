import { OPERATOR_DISPLAY_NAME_MAX } from '@member-wallet/contract/backoffice/operator-accounts';
import { TextField } from '@member-wallet/ui/text-field';
import { useTranslation } from '../i18n/i18n.ts';

/** A display name field's value as the API takes it: trimmed, and null (members see the generic word) when empty. */
export function displayNameValue(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** An operator's display name, with what members see of it: on My account and in the operators screen's dialog. */
export function DisplayNameField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="mb-3 text-slate-700">{t('displayName.membersNote')}</p>
      <TextField
        label={t('displayName.label')}
        name="displayName"
        autoComplete="off"
        maxLength={OPERATOR_DISPLAY_NAME_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        hint={t('displayName.hint', { max: OPERATOR_DISPLAY_NAME_MAX })}
      />
    </>
  );
}
