import type { NewBonusDefinition } from './bonus.repository.ts';
import type { BonusService } from './bonus.service.ts';

/** A banner picture and its text in each language. */
const banner = (name: string, th: string, lo: string, en: string) => ({
  image: `/media/bonus/banner-${name}.svg`,
  html: { th, lo, en },
});

/** A text in each language, as a definition stores it. */
const texts = (th: string, lo: string, en: string) => JSON.stringify({ th, lo, en });
/** What every demo definition shares. */
const common = (currency: string) => ({ currency, total_max: null, active: true }) as const;

/** WELCOME: 100% of the latest deposit, once (`limit`). */
function welcome(currency: string): NewBonusDefinition {
  return {
    ...common(currency),
    code: 'WELCOME',
    kind: 'bonus',
    type: 'limit',
    max_received: 1,
    percent_fail: 50,
    amount_rule: 'deposit_percent',
    amount_minor: null,
    deposit_percent: 100,
    amount_cap_minor: 100_000n,
    deposit_window_hours: 24,
    win_multiple: 5,
    end_below_minor: 1_000n,
    names: texts('โบนัสต้อนรับ 100%', 'ໂບນັດຕ້ອນຮັບ 100%', 'Welcome 100%'),
    descriptions: texts(
      'รับ 100% ของยอดฝากล่าสุด สูงสุด 1,000 บาท ครั้งเดียว',
      'ຮັບ 100% ຂອງຍອດຝາກລ່າສຸດ ສູງສຸດ 1,000 ຄັ້ງດຽວ',
      '100% of your latest deposit, up to 1,000, once',
    ),
    banners: JSON.stringify([
      banner(
        'welcome',
        '<p><b>โบนัสต้อนรับ 100%</b>: ชนะ 5 เท่าของโบนัสเพื่อจบโบนัส</p>',
        '<p><b>ໂບນັດຕ້ອນຮັບ 100%</b>: ຊະນະ 5 ເທົ່າຂອງໂບນັດເພື່ອຈົບໂບນັດ</p>',
        '<p><b>Welcome 100%</b>: win 5 times the bonus to end it.</p>',
      ),
      banner(
        'promo',
        '<p>ยกเลิกก่อนครบเงื่อนไข ระบบจะหัก %percentFail%% ของโบนัส</p>',
        '<p>ຍົກເລີກກ່ອນຄົບເງື່ອນໄຂ ລະບົບຈະຫັກ %percentFail%% ຂອງໂບນັດ</p>',
        '<p>Cancel early and %percentFail%% of the bonus is taken back.</p>',
      ),
    ]),
    sort_order: 1,
  };
}

/** DAILY10: 10% of a deposit, once a day. */
function daily(currency: string): NewBonusDefinition {
  return {
    ...common(currency),
    code: 'DAILY10',
    kind: 'bonus',
    type: 'day',
    max_received: 1,
    percent_fail: 100,
    amount_rule: 'deposit_percent',
    amount_minor: null,
    deposit_percent: 10,
    amount_cap_minor: 50_000n,
    deposit_window_hours: 24,
    win_multiple: 3,
    end_below_minor: 500n,
    names: texts('โบนัสรายวัน 10%', 'ໂບນັດລາຍວັນ 10%', 'Daily 10%'),
    descriptions: texts(
      'รับ 10% ของยอดฝาก สูงสุด 500 บาท วันละครั้ง',
      'ຮັບ 10% ຂອງຍອດຝາກ ສູງສຸດ 500 ມື້ລະຄັ້ງ',
      '10% of your deposit, up to 500, once a day',
    ),
    banners: JSON.stringify([
      banner(
        'daily',
        '<p><b>โบนัสรายวัน 10%</b>: วันละครั้ง นับจากเที่ยงคืน</p>',
        '<p><b>ໂບນັດລາຍວັນ 10%</b>: ມື້ລະຄັ້ງ ນັບຈາກທ່ຽງຄືນ</p>',
        '<p><b>Daily 10%</b>: once a day, from midnight.</p>',
      ),
    ]),
    sort_order: 2,
  };
}

/** WEEKLY50: a fixed 50, twice a week. */
function weekly(currency: string): NewBonusDefinition {
  return {
    ...common(currency),
    code: 'WEEKLY50',
    kind: 'bonus',
    type: 'week',
    max_received: 2,
    percent_fail: 100,
    amount_rule: 'fixed',
    amount_minor: 5_000n,
    deposit_percent: null,
    amount_cap_minor: null,
    deposit_window_hours: null,
    win_multiple: 10,
    end_below_minor: 500n,
    names: texts('โบนัสรายสัปดาห์ 50 บาท', 'ໂບນັດລາຍອາທິດ 50', 'Weekly 50'),
    descriptions: texts(
      'รับ 50 บาท สัปดาห์ละ 2 ครั้ง (เริ่มวันจันทร์)',
      'ຮັບ 50 ອາທິດລະ 2 ຄັ້ງ (ເລີ່ມວັນຈັນ)',
      '50 twice a week (weeks start on Monday)',
    ),
    banners: JSON.stringify([
      banner(
        'weekly',
        '<p><b>โบนัสรายสัปดาห์ 50</b>: สัปดาห์ละ 2 ครั้ง</p>',
        '<p><b>ໂບນັດລາຍອາທິດ 50</b>: ອາທິດລະ 2 ຄັ້ງ</p>',
        '<p><b>Weekly 50</b>: twice a week.</p>',
      ),
    ]),
    sort_order: 3,
  };
}

/** WELCOME100: the promotion code, a fixed 100. */
function welcomeCode(currency: string): NewBonusDefinition {
  return {
    ...common(currency),
    code: 'WELCOME100',
    kind: 'promotion',
    type: 'limit',
    max_received: 1,
    percent_fail: 100,
    amount_rule: 'fixed',
    amount_minor: 10_000n,
    deposit_percent: null,
    amount_cap_minor: null,
    deposit_window_hours: null,
    win_multiple: 5,
    end_below_minor: 500n,
    names: texts('โปรโมชั่น WELCOME100', 'ໂປຣໂມຊັນ WELCOME100', 'Promotion WELCOME100'),
    descriptions: texts(
      'รับฟรี 100 บาท ชนะ 5 เท่าของโบนัสเพื่อจบโบนัส',
      'ຮັບຟຣີ 100 ຊະນະ 5 ເທົ່າຂອງໂບນັດເພື່ອຈົບໂບນັດ',
      'A free 100; win 5 times the bonus to end it',
    ),
    banners: JSON.stringify([
      banner('promo', '<p><b>WELCOME100</b></p>', '<p><b>WELCOME100</b></p>', '<p><b>WELCOME100</b></p>'),
    ]),
    sort_order: 100,
  };
}

/**
 * The demo bonuses (DESIGN.md section 7; docs/promotions/bonuses.md lists their numbers): one of each type and one
 * promotion code, in the demo member's currency. Created through the service at each start; an existing code
 * is left as it is, so an operator's change survives a restart.
 */
export function demoBonuses(currency: string): NewBonusDefinition[] {
  return [welcome(currency), daily(currency), weekly(currency), welcomeCode(currency)];
}

export async function seedDemoBonuses(bonuses: BonusService, currency: string): Promise<void> {
  for (const definition of demoBonuses(currency)) await bonuses.define(definition);
}
