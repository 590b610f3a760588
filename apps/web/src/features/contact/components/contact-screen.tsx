import { APP_VERSION } from '@member-wallet/contract/constants';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { ChatIcon } from '../../../components/icons.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { requestChatOpen } from '../../../lib/chat-open.ts';
import { safeImageUrl, safeLinkUrl } from '../../../lib/safe-url.ts';
import { useChatWidgetFlag } from '../api/get-chat-widget-flag.ts';
import { useContact } from '../api/get-contact.ts';

export function ContactScreen() {
  const { t } = useTranslation();
  const contact = useContact();
  const chatWidget = useChatWidgetFlag();
  const data = contact.data;
  const qr = data ? safeImageUrl(data.lineQR) : undefined;
  const lineLink = data ? safeLinkUrl(data.lineLink) : undefined;

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">{t('contact.title')}</h1>
      {contact.isPending ? <PageSpinner /> : null}
      {contact.isError ? <p className="text-slate-600">{t('common.loadFailed')}</p> : null}
      {data ? (
        <section className="space-y-4 rounded-2xl bg-white p-5 text-center shadow-sm ring-1 ring-slate-200">
          <p data-i18n-exempt="" className="whitespace-pre-line text-slate-700">
            {data.contactText}
          </p>
          {qr ? (
            <img
              src={qr}
              alt={t('contact.qrAlt', { name: data.lineName })}
              width={200}
              height={200}
              className="mx-auto size-48 rounded-xl bg-white object-contain p-2 ring-1 ring-slate-200"
            />
          ) : null}
          <p className="text-slate-800">
            <span className="font-semibold">{t('contact.lineLabel')}</span> <span translate="no">{data.lineName}</span>
          </p>
          {lineLink ? (
            // LINE's own green (#06c755) gives white text 2.3:1; this darker green of the same hue gives 5:1.
            <a
              href={lineLink}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-[#00803a] px-5 font-semibold text-[#fff] hover:brightness-95"
            >
              <ChatIcon />
              {t('contact.openLine')}
            </a>
          ) : null}
        </section>
      ) : null}
      {chatWidget.data ? (
        <section aria-label={t('contact.chat')} className="text-center">
          <button
            type="button"
            onClick={requestChatOpen}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            <ChatIcon />
            {t('chat.openFromContact')}
          </button>
        </section>
      ) : null}
      <p className="text-center text-sm text-slate-600">{t('common.version', { version: APP_VERSION })}</p>
    </div>
  );
}
