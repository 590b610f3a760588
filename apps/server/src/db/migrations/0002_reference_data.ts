import { type Kysely, type Migration, sql } from 'kysely';
import QRCode from 'qrcode';

/**
 * Reference data every installation needs (banks, sources, site settings), demo or not. Frozen in time like
 * every migration: it carries its own copy of the data instead of importing application code.
 */

type Names = [code: string, th: string, en: string, lo: string];

const THAI_BANKS: Names[] = [
  ['KBANK', 'ธนาคารกสิกรไทย', 'Kasikornbank', 'ທະນາຄານກະສິກອນໄທ'],
  ['KTB', 'ธนาคารกรุงไทย', 'Krungthai Bank', 'ທະນາຄານກຸງໄທ'],
  ['SCB', 'ธนาคารไทยพาณิชย์', 'Siam Commercial Bank', 'ທະນາຄານໄທພານິດ'],
  ['BBL', 'ธนาคารกรุงเทพ', 'Bangkok Bank', 'ທະນາຄານກຸງເທບ'],
  ['TMB', 'ธนาคารทหารไทยธนชาต (ttb)', 'TMBThanachart Bank (ttb)', 'ທະນາຄານທະຫານໄທທະນະຊາດ (ttb)'],
  ['BAY', 'ธนาคารกรุงศรีอยุธยา', 'Bank of Ayudhya (Krungsri)', 'ທະນາຄານກຸງສີອະຍຸທະຍາ'],
  ['GSB', 'ธนาคารออมสิน', 'Government Savings Bank', 'ທະນາຄານອອມສິນ'],
  [
    'BAAC',
    'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร',
    'Bank for Agriculture and Agricultural Cooperatives',
    'ທະນາຄານເພື່ອການກະເສດ ແລະ ສະຫະກອນການກະເສດ',
  ],
  ['CIMB', 'ธนาคารซีไอเอ็มบี ไทย', 'CIMB Thai Bank', 'ທະນາຄານຊີໄອເອັມບີ ໄທ'],
  ['UOB', 'ธนาคารยูโอบี', 'United Overseas Bank (Thai)', 'ທະນາຄານຢູໂອບີ'],
  ['KKP', 'ธนาคารเกียรตินาคินภัทร', 'Kiatnakin Phatra Bank', 'ທະນາຄານກຽດນາຄິນພັດທະຣະ'],
  ['LHB', 'ธนาคารแลนด์ แอนด์ เฮ้าส์', 'Land and Houses Bank', 'ທະນາຄານແລນ ແອນ ເຮົ້າສ໌'],
  ['TISCO', 'ธนาคารทิสโก้', 'TISCO Bank', 'ທະນາຄານທິສໂກ້'],
  ['GHB', 'ธนาคารอาคารสงเคราะห์', 'Government Housing Bank', 'ທະນາຄານອາຄານສົງເຄາະ'],
  ['ICBC', 'ธนาคารไอซีบีซี (ไทย)', 'ICBC (Thai)', 'ທະນາຄານໄອຊີບີຊີ (ໄທ)'],
];

const LAO_BANKS: Names[] = [
  ['BCEL', 'ธนาคารการค้าต่างประเทศลาว', 'Banque pour le Commerce Exterieur Lao', 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ'],
  ['LDB', 'ธนาคารพัฒนาลาว', 'Lao Development Bank', 'ທະນາຄານພັດທະນາລາວ'],
  ['JDB', 'ธนาคารร่วมพัฒนา', 'Joint Development Bank', 'ທະນາຄານຮ່ວມພັດທະນາ'],
  ['APB', 'ธนาคารส่งเสริมกสิกรรม', 'Agricultural Promotion Bank', 'ທະນາຄານສົ່ງເສີມກະສິກຳ'],
  ['STB', 'ธนาคารเอสที', 'ST Bank', 'ທະນາຄານ ເອັສທີ'],
  ['BFL', 'ธนาคารฝรั่ง-ลาว', 'Banque Franco-Lao', 'ທະນາຄານ ຝຣັ່ງ-ລາວ'],
  ['LVB', 'ธนาคารร่วมธุรกิจลาว-เวียด', 'Lao-Viet Bank', 'ທະນາຄານຮ່ວມທຸລະກິດລາວ-ຫວຽດ'],
];

const SOURCES: [code: string, th: string, lo: string, en: string][] = [
  ['facebook', 'เฟซบุ๊ก', 'ເຟສບຸກ', 'Facebook'],
  ['google', 'กูเกิล', 'ກູເກິ້ນ', 'Google'],
  ['line', 'ไลน์', 'ລາຍ', 'LINE'],
  ['tiktok', 'ติ๊กต็อก', 'ຕິກຕອກ', 'TikTok'],
  ['friend', 'เพื่อนแนะนำ', 'ໝູ່ແນະນຳ', 'A friend'],
  ['other', 'อื่น ๆ', 'ອື່ນໆ', 'Other'],
];

const LINE_LINK = 'https://line.me/R/ti/p/@memberwallet';
const HOWTO_KEYS = ['wallet', 'playGame', 'checkBalance', 'receiveBonus', 'endBonus'];

type Localized = { th: unknown; lo: unknown; en: unknown };

function localizedSettings(lineQR: string): Record<string, Localized> {
  const contact = (contactText: string) => ({ contactText, lineLink: LINE_LINK, lineName: '@memberwallet', lineQR });
  return {
    info: {
      th: { name: 'Member Wallet', website: 'https://memberwallet.example' },
      lo: { name: 'Member Wallet', website: 'https://memberwallet.example' },
      en: { name: 'Member Wallet', website: 'https://memberwallet.example' },
    },
    conditions: {
      th: [
        '<p>สมาชิก 1 ท่าน ต่อ 1 บัญชีธนาคารเท่านั้น</p>',
        '<p>ชื่อบัญชีธนาคารต้องตรงกับชื่อที่ลงทะเบียนไว้</p>',
        '<p>โบนัสต้องทำยอดเล่นตามเงื่อนไขก่อนถอน</p>',
        '<p>ทีมงานขอสงวนสิทธิ์ในการเปลี่ยนแปลงเงื่อนไขโดยไม่ต้องแจ้งล่วงหน้า</p>',
      ],
      lo: [
        '<p>ສະມາຊິກ 1 ທ່ານ ຕໍ່ 1 ບັນຊີທະນາຄານເທົ່ານັ້ນ</p>',
        '<p>ຊື່ບັນຊີທະນາຄານຕ້ອງກົງກັບຊື່ທີ່ລົງທະບຽນໄວ້</p>',
        '<p>ໂບນັດຕ້ອງຫຼິ້ນໃຫ້ຄົບຕາມເງື່ອນໄຂກ່ອນຖອນ</p>',
        '<p>ທີມງານຂໍສະຫງວນສິດໃນການປ່ຽນແປງເງື່ອນໄຂໂດຍບໍ່ຕ້ອງແຈ້ງລ່ວງໜ້າ</p>',
      ],
      en: [
        '<p>One bank account per member.</p>',
        '<p>The bank account name must match the registered name.</p>',
        '<p>Bonuses must meet their turnover condition before withdrawal.</p>',
        '<p>We may change these conditions without prior notice.</p>',
      ],
    },
    agreements: {
      th: [
        '<p>ผู้สมัครต้องมีอายุ 18 ปีบริบูรณ์ขึ้นไป</p>',
        '<p>ข้อมูลที่ให้ไว้ต้องเป็นความจริงและเป็นของผู้สมัครเอง</p>',
        '<p>ห้ามใช้บัญชีร่วมกับผู้อื่น</p>',
      ],
      lo: [
        '<p>ຜູ້ສະໝັກຕ້ອງມີອາຍຸ 18 ປີບໍລິບູນຂຶ້ນໄປ</p>',
        '<p>ຂໍ້ມູນທີ່ໃຫ້ໄວ້ຕ້ອງເປັນຄວາມຈິງ ແລະ ເປັນຂອງຜູ້ສະໝັກເອງ</p>',
        '<p>ຫ້າມໃຊ້ບັນຊີຮ່ວມກັບຜູ້ອື່ນ</p>',
      ],
      en: [
        '<p>You must be at least 18 years old.</p>',
        '<p>The details you give must be true and your own.</p>',
        '<p>Do not share your account with anyone.</p>',
      ],
    },
    notice: {
      th: { notice: 'หากยอดเล่นไม่ถึงเงื่อนไข ระบบจะหักโบนัส %percentFail% เมื่อถอน' },
      lo: { notice: 'ຖ້າຍອດຫຼິ້ນບໍ່ເຖິງເງື່ອນໄຂ ລະບົບຈະຫັກໂບນັດ %percentFail% ເມື່ອຖອນ' },
      en: { notice: 'If the turnover condition is not met, %percentFail% of the bonus is deducted on withdrawal.' },
    },
    contact: {
      th: contact('ติดต่อทีมงานได้ตลอด 24 ชั่วโมงทางไลน์'),
      lo: contact('ຕິດຕໍ່ທີມງານໄດ້ຕະຫຼອດ 24 ຊົ່ວໂມງທາງລາຍ'),
      en: contact('Our team answers on LINE around the clock.'),
    },
  };
}

function globalSettings(): Record<string, unknown> {
  return {
    registerOTP: false,
    enableChatWidget: false,
    terminated: false,
    howto: HOWTO_KEYS.map((key) => ({ key, url: `/media/howto/${key}.mp4`, demo: true })),
  };
}

// Migrations are frozen, so they cannot use today's `Database` type; Kysely's docs use `Kysely<any>` here.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>;

export const referenceData: Migration = {
  async up(db: AnyDb) {
    const banks = [
      ...THAI_BANKS.map((bank, index) => ({ bank, country: 'TH', index })),
      ...LAO_BANKS.map((bank, index) => ({ bank, country: 'LA', index })),
    ].map(({ bank: [code, th, en, lo], country, index }) => ({
      code,
      name_th: th,
      name_en: en,
      name_lo: lo,
      country,
      sort_order: (index + 1) * 10,
    }));
    await db.insertInto('banks').values(banks).execute();

    await db
      .insertInto('sources')
      .values(
        SOURCES.map(([code, th, lo, en], index) => ({
          code,
          description: JSON.stringify({ th, lo, en }),
          sort_order: (index + 1) * 10,
        })),
      )
      .execute();

    const svg = await QRCode.toString(LINE_LINK, { type: 'svg', margin: 1 });
    const lineQR = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    const rows: { key: string; locale: string; value: string }[] = [];
    for (const [key, byLocale] of Object.entries(localizedSettings(lineQR))) {
      for (const [locale, value] of Object.entries(byLocale)) rows.push({ key, locale, value: JSON.stringify(value) });
    }
    for (const [key, value] of Object.entries(globalSettings())) {
      rows.push({ key, locale: '*', value: JSON.stringify(value) });
    }
    await db.insertInto('site_settings').values(rows).execute();
  },

  async down(db: AnyDb) {
    await sql`delete from site_settings`.execute(db);
    await sql`delete from sources`.execute(db);
    await sql`delete from banks`.execute(db);
  },
};
