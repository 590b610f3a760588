import type { OperatorProfile } from '@member-wallet/contract/backoffice/operators';
import type { ChatConversationSummary } from '@member-wallet/contract/chat';
import { Button } from '@member-wallet/ui/button';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { SelectField } from '../../components/form-parts.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { errorText } from '../../lib/http.ts';
import { useAssign } from './api/assign-conversation.ts';
import { useOperators } from './api/get-operators.ts';

/** Who holds the conversation: any admin or support operator, nobody, or the signed-in operator in one click. */
export function AssignControl({ summary, operator }: { summary: ChatConversationSummary; operator: OperatorProfile }) {
  const { t } = useTranslation();
  const operators = useOperators();
  const assign = useAssign(summary.id);
  const current = summary.assignedTo;
  // The holder is listed even before the operators' list came, so the select always shows the truth.
  const known = operators.data?.operators ?? (current ? [current] : []);
  const options = [
    { value: '', label: t('chat.unassigned') },
    ...known.map((each) => ({ value: each.id, label: each.username })),
  ];
  return (
    <div className="flex flex-wrap items-end gap-2">
      <SelectField
        label={t('chat.assign')}
        options={options}
        value={current?.id ?? ''}
        disabled={assign.isPending}
        onChange={(event) => assign.mutate(event.target.value || null)}
      />
      {current?.id !== operator.id ? (
        <Button variant="secondary" loading={assign.isPending} onClick={() => assign.mutate(operator.id)}>
          {t('chat.assignToMe')}
        </Button>
      ) : null}
      <ErrorAlert className="basis-full" error={assign.error ? errorText(assign.error) : null} />
    </div>
  );
}
