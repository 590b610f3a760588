import {
  type EnrolmentLink,
  OPERATOR_DISPLAY_NAME_MAX,
  type OperatorSummary,
  type OperatorWithLink,
} from '@member-wallet/contract/backoffice/operator-accounts';
import { OPERATOR_ROLES, OPERATOR_USERNAME, type OperatorRole } from '@member-wallet/contract/backoffice/operators';
import { Button } from '@member-wallet/ui/button';
import { INPUT_CLASS } from '@member-wallet/ui/field-message';
import { TextField } from '@member-wallet/ui/text-field';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { DisplayNameField, displayNameValue } from '../../components/display-name-field.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { SelectField } from '../../components/form-parts.tsx';
import { type TranslationKey, useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { errorText } from '../../lib/http.ts';
import { useCreateOperator } from './api/create-operator.ts';
import { useResetOperator } from './api/reset-operator.ts';
import { useUpdateOperator } from './api/update-operator.ts';

/** An enrolment link as shown once to the admin, with whose it is. */
export interface ShownLink extends EnrolmentLink {
  username: string;
}

interface RowDialogProps {
  operator: OperatorSummary;
  onClose: () => void;
  onDone: (notice: string) => void;
}

/** The role select of a form, each role with what it may do under it. */
function RoleSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: OperatorRole;
  onChange: (role: OperatorRole) => void;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <SelectField
        label={label}
        name="role"
        value={value}
        options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`shell.role.${role}`) }))}
        onChange={(event) => onChange(event.target.value as OperatorRole)}
      />
      <p className="mt-1 text-sm text-slate-600">{t(`operators.roleHelp.${value}`)}</p>
    </div>
  );
}

export function CreateOperatorDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (answer: OperatorWithLink, notice: string) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateOperator();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [displayName, setDisplayName] = useState('');
  const [invalid, setInvalid] = useState<TranslationKey | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = username.trim().toLowerCase();
    const problem = !name ? 'signIn.required' : OPERATOR_USERNAME.test(name) ? null : 'signIn.usernameInvalid';
    setInvalid(problem);
    if (problem) return;
    const shown = displayNameValue(displayName);
    create.mutate(
      { username: name, role, ...(shown === null ? {} : { displayName: shown }) },
      {
        onSuccess: (answer) =>
          onCreated(
            answer,
            answer.operator.pendingRole
              ? t('operators.createdWaiting', {
                  username: answer.operator.username,
                  role: t(`shell.role.${answer.operator.pendingRole}`),
                })
              : t('operators.created', { username: answer.operator.username }),
          ),
      },
    );
  }

  return (
    <Dialog title={t('operators.createTitle')} onClose={onClose}>
      <form noValidate onSubmit={submit} className="space-y-3">
        <TextField
          label={t('operators.username')}
          name="username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            setInvalid(null);
          }}
          error={invalid ? t(invalid) : null}
          hint={t('operators.usernameHint')}
        />
        <RoleSelect label={t('operators.role')} value={role} onChange={setRole} />
        <TextField
          label={t('operators.displayNameOptional')}
          name="displayName"
          autoComplete="off"
          maxLength={OPERATOR_DISPLAY_NAME_MAX}
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
          hint={t('displayName.hint', { max: OPERATOR_DISPLAY_NAME_MAX })}
        />
        <ErrorAlert error={create.error ? errorText(create.error) : null} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('operators.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function RoleDialog({ operator, onClose, onDone }: RowDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateOperator();
  const [role, setRole] = useState<OperatorRole>(operator.role);
  const username = operator.username;
  return (
    <ConfirmDialog
      title={t('operators.roleTitle', { username })}
      body={t('operators.roleBody', { username, role: t(`shell.role.${operator.role}`) })}
      error={update.error ? errorText(update.error) : null}
      cancel={t('common.cancel')}
      confirm={t('operators.changeRole')}
      busy={update.isPending}
      disabled={role === operator.role}
      onClose={onClose}
      onConfirm={() =>
        update.mutate(
          { id: operator.id, change: { role } },
          {
            onSuccess: (answer) =>
              onDone(
                answer.pendingRole
                  ? t('operators.roleWaiting', { username, role: t(`shell.role.${answer.pendingRole}`) })
                  : t('operators.roleChanged', { username, role: t(`shell.role.${answer.role}`) }),
              ),
          },
        )
      }
    >
      <div className="mt-4">
        <RoleSelect label={t('operators.newRole')} value={role} onChange={setRole} />
      </div>
    </ConfirmDialog>
  );
}

/** Disables an operator (their sessions end at once) or enables a disabled one. */
export function StateDialog({ operator, onClose, onDone }: RowDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateOperator();
  const username = operator.username;
  const enable = operator.state === 'disabled';
  return (
    <ConfirmDialog
      title={enable ? t('operators.enableTitle', { username }) : t('operators.disableTitle', { username })}
      body={enable ? t('operators.enableBody', { username }) : t('operators.disableBody', { username })}
      error={update.error ? errorText(update.error) : null}
      cancel={t('common.cancel')}
      confirm={enable ? t('operators.enable') : t('operators.disable')}
      confirmVariant={enable ? 'primary' : 'danger'}
      busy={update.isPending}
      onClose={onClose}
      onConfirm={() =>
        update.mutate(
          { id: operator.id, change: { active: enable } },
          {
            onSuccess: () =>
              onDone(enable ? t('operators.enabled', { username }) : t('operators.disabled', { username })),
          },
        )
      }
    />
  );
}

export function DisplayNameDialog({ operator, onClose, onDone }: RowDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateOperator();
  const [value, setValue] = useState(operator.displayName ?? '');
  const username = operator.username;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate(
      { id: operator.id, change: { displayName: displayNameValue(value) } },
      { onSuccess: () => onDone(t('operators.nameSaved', { username })) },
    );
  }

  return (
    <Dialog title={t('operators.nameTitle', { username })} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <DisplayNameField value={value} onChange={setValue} />
        <ErrorAlert className="mt-3" error={update.error ? errorText(update.error) : null} />
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('settings.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Ends an operator's password, authenticator and sessions, and hands over their new enrolment link. */
export function ResetDialog({
  operator,
  onClose,
  onReset,
}: {
  operator: OperatorSummary;
  onClose: () => void;
  onReset: (answer: OperatorWithLink, notice: string) => void;
}) {
  const { t } = useTranslation();
  const reset = useResetOperator();
  const username = operator.username;
  return (
    <ConfirmDialog
      title={t('operators.resetTitle', { username })}
      body={t('operators.resetBody', { username })}
      error={reset.error ? errorText(reset.error) : null}
      cancel={t('common.cancel')}
      confirm={t('operators.resetSubmit')}
      confirmVariant="danger"
      busy={reset.isPending}
      onClose={onClose}
      onConfirm={() =>
        reset.mutate(operator.id, { onSuccess: (answer) => onReset(answer, t('operators.resetDone', { username })) })
      }
    />
  );
}

/**
 * The enrolment link, shown this once: the page's origin and the server's relative link, to copy and hand over
 * privately. Nothing keeps it once the dialog closes; a click beside the dialog does not close it by mistake.
 */
export function EnrolmentLinkDialog({ shown, onClose }: { shown: ShownLink; onClose: () => void }) {
  const { t } = useTranslation();
  const url = `${window.location.origin}${shown.link}`;
  const fieldId = useId();
  return (
    <Dialog title={t('operators.linkTitle', { username: shown.username })} onClose={onClose} closeOnBackdrop={false}>
      <p className="text-slate-700">{t('operators.linkOnce', { username: shown.username })}</p>
      <label htmlFor={fieldId} className="mt-4 mb-1 block text-slate-800">
        {t('operators.linkLabel')}
      </label>
      {/* Whole, on a phone too: the admin can see what they hand over. Focus selects it for copying by hand. */}
      <textarea
        id={fieldId}
        name="enrolmentLink"
        readOnly
        rows={3}
        spellCheck={false}
        value={url}
        aria-describedby={`${fieldId}-expiry`}
        onFocus={(event) => event.currentTarget.select()}
        className={`${INPUT_CLASS} resize-none break-all border-slate-300 font-mono text-sm`}
      />
      <p id={`${fieldId}-expiry`} className="mt-1 text-sm text-slate-600">
        {t('operators.linkExpires', { time: formatDateTime(shown.expiresAt) })}
      </p>
      <div className="mt-5 flex flex-wrap items-start justify-end gap-2">
        <CopyButton
          text={url}
          label={t('operators.copyLink')}
          copied={t('common.copied')}
          failed={t('common.copyFailed')}
        />
        <Button onClick={onClose}>{t('common.close')}</Button>
      </div>
    </Dialog>
  );
}
