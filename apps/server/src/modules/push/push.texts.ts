import type { PushKind, PushLocale, PushPayload } from '@member-wallet/contract/push';

/** What a notification is about, with the figures its words need. */
export type PushMessage =
  | {
      kind: 'deposit-credited' | 'withdrawal-paid' | 'withdrawal-failed';
      params: { amountMinor: bigint; currency: string };
    }
  | { kind: 'chat-reply'; params?: undefined };

interface Words {
  title: string;
  body: string;
}

/**
 * The notifications' words, written here because the server sends them while the app is closed: the same
 * three languages as the app's catalogues. A chat reply never shows the message itself: a phone's lock screen
 * is not private.
 */
const TEXTS: Record<PushLocale, Record<PushKind, Words>> = {
  th: {
    'deposit-credited': { title: 'เงินเข้าแล้ว', body: 'ฝากเงิน {{amount}} เข้ากระเป๋าของคุณแล้ว' },
    'withdrawal-paid': { title: 'ถอนเงินสำเร็จ', body: 'โอน {{amount}} เข้าบัญชีธนาคารของคุณแล้ว' },
    'withdrawal-failed': { title: 'ถอนเงินไม่สำเร็จ', body: 'การถอน {{amount}} ไม่สำเร็จ แตะเพื่อดูรายละเอียด' },
    'chat-reply': { title: 'ข้อความใหม่จากฝ่ายบริการ', body: 'เจ้าหน้าที่ตอบกลับข้อความของคุณแล้ว' },
  },
  lo: {
    'deposit-credited': { title: 'ເງິນເຂົ້າແລ້ວ', body: 'ຝາກເງິນ {{amount}} ເຂົ້າກະເປົາຂອງທ່ານແລ້ວ' },
    'withdrawal-paid': { title: 'ຖອນເງິນສຳເລັດ', body: 'ໂອນ {{amount}} ເຂົ້າບັນຊີທະນາຄານຂອງທ່ານແລ້ວ' },
    'withdrawal-failed': { title: 'ຖອນເງິນບໍ່ສຳເລັດ', body: 'ການຖອນ {{amount}} ບໍ່ສຳເລັດ ແຕະເພື່ອເບິ່ງລາຍລະອຽດ' },
    'chat-reply': { title: 'ຂໍ້ຄວາມໃໝ່ຈາກຝ່າຍບໍລິການ', body: 'ພະນັກງານຕອບກັບຂໍ້ຄວາມຂອງທ່ານແລ້ວ' },
  },
  en: {
    'deposit-credited': { title: 'Deposit credited', body: '{{amount}} has been added to your wallet.' },
    'withdrawal-paid': { title: 'Withdrawal paid', body: '{{amount}} has been sent to your bank account.' },
    'withdrawal-failed': {
      title: 'Withdrawal failed',
      body: 'Your withdrawal of {{amount}} did not go through. Tap to see why.',
    },
    'chat-reply': { title: 'New message from support', body: 'An agent has replied to your message.' },
  },
};

const CURRENCY_WORDS: Record<PushLocale, Record<string, string>> = {
  th: { BAHT: 'บาท', LAK: 'กีบ' },
  lo: { BAHT: 'ບາດ', LAK: 'ກີບ' },
  en: { BAHT: 'THB', LAK: 'LAK' },
};

/** Minor units as the app shows them: grouped digits, two decimals, the currency's word after. */
export function formatAmount(minor: bigint, currency: string, locale: PushLocale): string {
  const major = minor / 100n;
  const cents = (minor % 100n).toString().padStart(2, '0');
  const grouped = major.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${grouped}.${cents} ${CURRENCY_WORDS[locale][currency] ?? currency}`;
}

/** The notification in the subscription's language; a tap opens the member's home (or its chat). */
export function renderPush(message: PushMessage, locale: PushLocale): PushPayload {
  const words = TEXTS[locale][message.kind];
  const amount = message.params ? formatAmount(message.params.amountMinor, message.params.currency, locale) : '';
  return {
    kind: message.kind,
    title: words.title,
    body: words.body.replace('{{amount}}', amount),
    url: message.kind === 'chat-reply' ? '/user/home?chat=open' : '/user/home',
  };
}
