import type { ChatCard, OperatorMessage } from '@member-wallet/contract/chat';
import { CHAT_LIMITS } from '@member-wallet/contract/constants';
import { Button } from '@member-wallet/ui/button';
import { TextField } from '@member-wallet/ui/text-field';
import { useState } from 'react';
import { type TFunction, useTranslation } from '../../i18n/i18n.ts';
import { safeSource } from './message-body.tsx';
import { BUTTONS_MAX, BuilderForm, type Row, RowsEditor, rowsProblem, TITLE_MAX } from './reply-builders.tsx';

/** How many cards a generic message holds (chat.ts). */
const CARDS_MAX = 10;

interface Draft {
  title: string;
  subtitle: string;
  image: string;
  buttons: Row[];
}

const EMPTY_CARD: Draft = { title: '', subtitle: '', image: '', buttons: [] };

/** What is wrong with a card, or null: a title of 1 to 80, a short subtitle, a picture address we show, buttons. */
function cardProblem(card: Draft, t: TFunction): string | null {
  const title = card.title.trim();
  if (title === '' || title.length > TITLE_MAX) return t('chat.builder.titleInvalid', { max: TITLE_MAX });
  if (card.subtitle.trim().length > CHAT_LIMITS.textMaxLength) {
    return t('chat.textTooLong', { max: CHAT_LIMITS.textMaxLength });
  }
  if (card.image.trim() && !safeSource(card.image.trim())) return t('chat.cards.imageInvalid');
  return rowsProblem(card.buttons, true, t);
}

function toCard(draft: Draft): ChatCard {
  const buttons = draft.buttons.map((row) => ({
    type: row.type,
    title: row.title.trim(),
    payload: row.payload.trim(),
  }));
  return {
    title: draft.title.trim(),
    subtitle: draft.subtitle.trim() || undefined,
    image_url: draft.image.trim() || undefined,
    buttons: buttons.length ? buttons : undefined,
  };
}

function CardEditor({ card, n, onChange }: { card: Draft; n: number; onChange: (card: Draft) => void }) {
  const { t } = useTranslation();
  const prefix = `${t('chat.cards.card', { n })} · `;
  return (
    <>
      <TextField
        name={`card-title-${n}`}
        label={`${prefix}${t('chat.cards.title')}`}
        value={card.title}
        onChange={(event) => onChange({ ...card, title: event.target.value })}
      />
      <TextField
        name={`card-subtitle-${n}`}
        label={`${prefix}${t('chat.cards.subtitle')}`}
        value={card.subtitle}
        onChange={(event) => onChange({ ...card, subtitle: event.target.value })}
      />
      <TextField
        name={`card-image-${n}`}
        label={`${prefix}${t('chat.cards.image')}`}
        value={card.image}
        onChange={(event) => onChange({ ...card, image: event.target.value })}
      />
      <RowsEditor
        rows={card.buttons}
        max={BUTTONS_MAX}
        min={0}
        withType
        prefix={prefix}
        onChange={(buttons) => onChange({ ...card, buttons })}
      />
    </>
  );
}

/** A message of 1 to 10 cards, each a title, a subtitle, a picture and up to 10 buttons. */
export function CardsBuilder({ onSend }: { onSend: (message: OperatorMessage) => void }) {
  const { t } = useTranslation();
  const [cards, setCards] = useState<Draft[]>([EMPTY_CARD]);
  const [error, setError] = useState<string | null>(null);
  function submit() {
    const found = cards.map((card) => cardProblem(card, t)).findIndex((problem) => problem !== null);
    const problem =
      found === -1 ? null : `${t('chat.cards.card', { n: found + 1 })}: ${cardProblem(cards[found] as Draft, t)}`;
    setError(problem);
    if (problem) return;
    onSend({ message_type: 'generic', payload: { elements: cards.map(toCard) } });
    setCards([EMPTY_CARD]);
  }
  return (
    <BuilderForm onSubmit={submit} error={error}>
      {cards.map((card, index) => (
        // Cards are edited in place and removed by position; they have no identity beyond it.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <fieldset key={index} className="space-y-2 rounded-xl border border-slate-300 p-2">
          <legend className="px-1 font-semibold text-slate-800">{t('chat.cards.card', { n: index + 1 })}</legend>
          <CardEditor
            card={card}
            n={index + 1}
            onChange={(next) => setCards(cards.map((each, at) => (at === index ? next : each)))}
          />
          {cards.length > 1 ? (
            <Button variant="ghost" onClick={() => setCards(cards.filter((_, at) => at !== index))}>
              {t('chat.cards.remove', { n: index + 1 })}
            </Button>
          ) : null}
        </fieldset>
      ))}
      {cards.length < CARDS_MAX ? (
        <Button variant="secondary" onClick={() => setCards([...cards, EMPTY_CARD])}>
          {t('chat.cards.add')}
        </Button>
      ) : null}
    </BuilderForm>
  );
}
