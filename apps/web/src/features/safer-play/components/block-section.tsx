import { SELF_EXCLUSION_MONTHS, TIMEOUT_DAYS } from '@member-wallet/contract/safer-play';
import { Button } from '@member-wallet/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/modal.tsx';
import { type TFunction, useTranslation } from '../../../i18n/i18n.ts';
import { toastError } from '../../../lib/http.ts';
import { clearSession } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { type BlockChoice, useStartBlock } from '../api/start-block.ts';

/** The length of a choice as the member reads it: `24 hours`, `1 year`, `permanently`. */
export function choiceLength(t: TFunction, choice: BlockChoice): string {
  if (choice.kind === 'timeout') return t(`saferPlay.block.days.${choice.days}`);
  return t(`saferPlay.block.months.${choice.months}`);
}

/** What every block does, said in the first confirmation. */
const CONSEQUENCES = ['sessionsEnd', 'gamesClosed', 'withdrawals', 'noEarlyEnd'] as const;

function FirstConfirmation({
  choice,
  onNext,
  onClose,
}: {
  choice: BlockChoice;
  onNext: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const length = choiceLength(t, choice);
  const title =
    choice.kind === 'timeout'
      ? t('saferPlay.block.confirmTimeoutTitle', { length })
      : t('saferPlay.block.confirmExclusionTitle', { length });
  return (
    <Modal open onClose={onClose} title={title}>
      <p className="text-slate-700">{t('saferPlay.block.whatHappens')}</p>
      <ul className="mt-2 mb-4 list-disc space-y-1 ps-5 text-slate-800">
        {CONSEQUENCES.map((consequence) => (
          <li key={consequence}>{t(`saferPlay.block.consequence.${consequence}`)}</li>
        ))}
      </ul>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={onNext}>{t('saferPlay.block.continue')}</Button>
      </div>
    </Modal>
  );
}

function FinalConfirmation({ choice, onClose }: { choice: BlockChoice; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const start = useStartBlock();
  const length = choiceLength(t, choice);
  const timeout = choice.kind === 'timeout';

  function confirm() {
    start.mutate(choice, {
      onSuccess: () => {
        // The server has ended every session of the member, this one too: it is dropped as on logout.
        clearSession();
        client.removeQueries({ queryKey: ['member'] });
        showToast('success', t(timeout ? 'saferPlay.block.timeoutStarted' : 'saferPlay.block.exclusionStarted'));
        void navigate('/login', { replace: true });
      },
      onError: toastError,
    });
  }

  return (
    <Modal open onClose={onClose} title={t('saferPlay.block.finalTitle')}>
      <p className="mb-4 text-slate-800">
        {timeout ? t('saferPlay.block.finalTimeout', { length }) : t('saferPlay.block.finalExclusion', { length })}
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onClose} disabled={start.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={confirm} loading={start.isPending}>
          {timeout ? t('saferPlay.block.startTimeout') : t('saferPlay.block.startExclusion')}
        </Button>
      </div>
    </Modal>
  );
}

function ChoiceButtons({
  choices,
  onChoose,
}: {
  choices: readonly BlockChoice[];
  onChoose: (choice: BlockChoice) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-2 gap-2">
      {choices.map((choice) => (
        <Button key={choiceLength(t, choice)} variant="secondary" onClick={() => onChoose(choice)}>
          {choiceLength(t, choice)}
        </Button>
      ))}
    </div>
  );
}

const TIMEOUTS: readonly BlockChoice[] = TIMEOUT_DAYS.map((days) => ({ kind: 'timeout', days }));
const EXCLUSIONS: readonly BlockChoice[] = SELF_EXCLUSION_MONTHS.map((months) => ({ kind: 'self_exclusion', months }));

/**
 * A time-out and a self-exclusion (issue 23). Each is confirmed twice: the first dialog says what happens, the
 * second is the last chance to step back, since neither can be lifted early.
 */
export function BlockSection() {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<BlockChoice | null>(null);
  const [step, setStep] = useState<1 | 2>(1);
  const close = () => {
    setChoice(null);
    setStep(1);
  };
  return (
    <section
      aria-labelledby="safer-play-block"
      className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div>
        <h2 id="safer-play-block" className="text-lg font-semibold text-slate-900">
          {t('saferPlay.block.timeoutTitle')}
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600">{t('saferPlay.block.timeoutIntro')}</p>
        <ChoiceButtons choices={TIMEOUTS} onChoose={setChoice} />
      </div>
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t('saferPlay.block.exclusionTitle')}</h2>
        <p className="mt-1 mb-3 text-sm text-slate-600">{t('saferPlay.block.exclusionIntro')}</p>
        <ChoiceButtons choices={EXCLUSIONS} onChoose={setChoice} />
      </div>
      {choice && step === 1 ? <FirstConfirmation choice={choice} onNext={() => setStep(2)} onClose={close} /> : null}
      {choice && step === 2 ? <FinalConfirmation choice={choice} onClose={close} /> : null}
    </section>
  );
}
