import type { ChatButton } from '@member-wallet/contract/chat';
import { safeLinkUrl } from '../../../lib/safe-url.ts';

const BUTTON_CLASS =
  'flex min-h-11 w-full items-center justify-center rounded-xl border border-brand-700 px-3 text-center text-sm font-semibold text-brand-800 hover:bg-brand-50';
const INERT_CLASS =
  'flex min-h-11 w-full items-center justify-center rounded-xl border border-slate-300 px-3 text-center text-sm text-slate-600';

/** Only web addresses open from a button: a `javascript:` or any other scheme stays an inert label. */
function webUrl(payload: string): string | undefined {
  const url = safeLinkUrl(payload);
  return url && /^https?:/i.test(url) ? url : undefined;
}

/** The digits (and a leading plus) of a phone number, or nothing when no number is left. */
function phoneNumber(payload: string): string | undefined {
  const digits = payload.replace(/[^\d+]/g, '');
  return /^\+?\d{3,20}$/.test(digits) ? digits : undefined;
}

/** An operator's button by type (spec section 3): web opens a tab, call dials, postback answers, other is a label. */
export function ChatButtonView({
  button,
  onPostback,
}: {
  button: ChatButton;
  onPostback: (title: string, payload: string) => void;
}) {
  if (button.type === 'web') {
    const url = webUrl(button.payload);
    if (url) {
      return (
        <a href={url} target="_blank" rel="noopener noreferrer" className={BUTTON_CLASS}>
          {button.title}
        </a>
      );
    }
  }
  if (button.type === 'call') {
    const phone = phoneNumber(button.payload);
    if (phone) {
      return (
        <a href={`tel:${phone}`} className={BUTTON_CLASS}>
          {button.title}
        </a>
      );
    }
  }
  if (button.type === 'postback') {
    return (
      <button type="button" onClick={() => onPostback(button.title, button.payload)} className={BUTTON_CLASS}>
        {button.title}
      </button>
    );
  }
  return <span className={INERT_CLASS}>{button.title}</span>;
}
