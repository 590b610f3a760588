import type { WheelSetting } from './spin.settings.ts';

/** Coins the demo member starts with (DESIGN.md section 7), granted once. */
export const DEMO_COINS = 5;
export const DEMO_COINS_GRANT_KEY = 'demo:coins';

/** Kip per baht for the demo's LAK prizes: round figures of about the same value. */
const KIP = 300;

function cash(code: string, baht: number, weight: number, bgColor: string, textColor: string) {
  const th = `${baht} บาท`;
  return {
    code,
    label: { th, lo: `${baht} ບາດ`, en: `${baht} baht` },
    bgColor,
    textColor,
    htmlDescription: {
      th: `<p>รับเครดิต <b>${baht} บาท</b> เข้ากระเป๋า</p>`,
      lo: `<p>ຮັບເຄຣດິດ <b>${baht} ບາດ</b> ເຂົ້າກະເປົາ</p>`,
      en: `<p><b>${baht} baht</b> credited to your wallet</p>`,
    },
    weight,
    prize: { type: 'cash' as const, amount: { BAHT: baht, LAK: baht * KIP } },
  };
}

/**
 * The demo wheel: 8 slices, each colour pair at a contrast of 4.5:1 or more. Weights add up to 100, so each
 * weight is the slice's chance in percent (docs/promotions/wheel.md, Weights and odds, has the table).
 */
export const DEMO_WHEEL: WheelSetting = {
  active: true,
  name: { th: 'วงล้อนำโชค', lo: 'ວົງລໍ້ນຳໂຊກ', en: 'Lucky wheel' },
  slices: [
    cash('CASH_10', 10, 30, '#C62828', '#FFFFFF'),
    cash('CASH_20', 20, 20, '#1565C0', '#FFFFFF'),
    {
      code: 'TRY_AGAIN',
      label: { th: 'ลองใหม่', lo: 'ລອງໃໝ່', en: 'Try again' },
      bgColor: '#FFF8E1',
      textColor: '#212121',
      weight: 25,
      prize: { type: 'none' },
    },
    cash('CASH_50', 50, 10, '#2E7D32', '#FFFFFF'),
    cash('CASH_100', 100, 5, '#6A1B9A', '#FFFFFF'),
    {
      code: 'TSHIRT',
      label: { th: 'เสื้อยืด', lo: 'ເສື້ອຍືດ', en: 'T-shirt' },
      bgColor: '#FFB300',
      textColor: '#000000',
      htmlDescription: {
        th: '<p>ติดต่อแอดมินเพื่อรับเสื้อยืด</p>',
        lo: '<p>ຕິດຕໍ່ແອັດມິນເພື່ອຮັບເສື້ອຍືດ</p>',
        en: '<p>Contact the admin to receive your T-shirt</p>',
      },
      weight: 4,
      prize: { type: 'item' },
    },
    cash('CASH_500', 500, 1, '#00695C', '#FFFFFF'),
    {
      code: 'GOOD_LUCK',
      label: { th: 'โชคดีครั้งหน้า', lo: 'ໂຊກດີຄັ້ງໜ້າ', en: 'Good luck' },
      bgColor: '#37474F',
      textColor: '#FFFFFF',
      weight: 5,
      prize: { type: 'none' },
    },
  ],
};
