import { describe, expect, it } from 'vitest';
import {
  classifyNameChange,
  editDistance,
  latinSkeleton,
  romanises,
  sameSpelling,
  thaiTokens,
} from './account-name-match.ts';

/**
 * The bank account name rule (docs/accounts.md, "Changing the bank account name"): only the same name spelt
 * differently is applied at once. Thai names with the romanisations members and banks write, and the changes that
 * must wait for an operator.
 */

describe('the same name', () => {
  it.each([
    ['SOMCHAI JAIDEE', ' somchai   jaidee '],
    ['สมชาย ใจดี', 'สมชาย  ใจดี'],
  ])('%s -> %s changes nothing', (stored, given) => {
    expect(classifyNameChange(stored, given)).toBe('same');
  });
});

describe('Latin letters to Latin letters', () => {
  it.each([
    ['SOMCHAI JAIDEE', 'SOMCHAI JAIDE'],
    ['SOMCHAI JAIDEE', 'SOMCHAY JAIDEE'],
    ['SOMCHAI JAIDEE', 'SOMCHAI JAIDI'],
    ['SOMCHAI JAIDEE', 'SOMCAHI JAIDEE'],
    ['SOMPORN SUKSAWAT', 'SOMPON SUKSAWAT'],
    ['PORNPIMOL RAKDEE', 'PORNPIMON RAKDEE'],
    ['THONGCHAI SRISUK', 'TONGCHAI SRISOOK'],
    ['MR SOMCHAI JAIDEE', 'SOMCHAI JAIDEE'],
    ['SOMCHAI JAIDEE', 'MR. SOMCHAI JAIDE'],
  ])('%s -> %s is a spelling', (stored, given) => {
    expect(classifyNameChange(stored, given)).toBe('spelling');
  });

  it.each([
    ['SOMCHAI JAIDEE', 'SOMEONE ELSE'],
    ['SOMCHAI JAIDEE', 'SOMCHAI'],
    ['SOMCHAI JAIDEE', 'SOMCHAI JAIDEE SMITH'],
    // Thai names share their syllables: two edits that change a consonant make another name.
    ['SOMSRI JAIDEE', 'SOMSAK JAIDEE'],
    ['SOMCHAI JAIDEE', 'SOMCHIT JAIDEE'],
    ['SUPACHAI JAIDEE', 'SUPACHOK JAIDEE'],
    ['SOMCHAI JAIDEE', 'SOMCHAI JAIDEEEEE'],
    // An initial is a word of its own, and stays.
    ['SOMCHAI J', 'SOMCHAI K'],
  ])('%s -> %s waits for review', (stored, given) => {
    expect(classifyNameChange(stored, given)).toBe('review');
  });
});

describe('Thai letters to Thai letters, Lao to Lao', () => {
  it.each([
    ['สมชาย ใจดี', 'สมชัย ใจดี'],
    ['สมชาย ใจดี', 'นาย สมชาย ใจดี'],
    ['ศิริพร รักดี', 'สิริพร รักดี'],
    ['ณัฐพล ใจดี', 'ณัฐพล ใจดิ'],
    ['ສົມພອນ ແກ້ວມະນີ', 'ສົມພອນ ແກ້ວມະນີ້'],
  ])('%s -> %s is a spelling', (stored, given) => {
    expect(classifyNameChange(stored, given)).toBe('spelling');
  });

  it.each([
    ['สมชาย ใจดี', 'สมศักดิ์ ใจดี'],
    ['สมชาย ใจดี', 'มานี มีนา'],
    ['สมชาย ใจดี', 'สมชาย'],
    ['ສົມພອນ ແກ້ວມະນີ', 'ບຸນມີ ແກ້ວມະນີ'],
  ])('%s -> %s waits for review', (stored, given) => {
    expect(classifyNameChange(stored, given)).toBe('review');
  });
});

/** Thai names and the romanisations of them that are applied at once (RTGS and the common spellings). */
const ROMANISED: readonly [string, string][] = [
  ['สมชาย ใจดี', 'SOMCHAI JAIDEE'],
  ['สมชาย ใจดี', 'SOMCHAY CHAIDI'],
  ['นาย สมชาย ใจดี', 'MR SOMCHAI JAIDEE'],
  ['นางสาวศิริพร รักดี', 'SIRIPORN RAKDEE'],
  ['สมพร', 'SOMPORN'],
  ['สมพร', 'SOMPHON'],
  ['ประเสริฐ', 'PRASERT'],
  ['ณัฐพล', 'NATTHAPHON'],
  ['ณัฐพล', 'NATTAPOL'],
  ['ณัฐพล', 'NUTTAPON'],
  ['กิตติศักดิ์', 'KITTISAK'],
  ['กิตติศักดิ์', 'KITISAK'],
  ['สุทธิพงษ์', 'SUTTHIPHONG'],
  ['สุทธิพงษ์', 'SUTTIPONG'],
  ['รัตนา', 'RATTANA'],
  ['จันทร์', 'CHAN'],
  ['ลักษณ์', 'LAK'],
  ['สุวรรณ', 'SUWAN'],
  ['ศรี', 'SRI'],
  ['ศรี', 'SI'],
  ['แก้ว', 'KAEW'],
  ['แก้ว', 'KAEO'],
  ['เจริญ', 'CHAROEN'],
  ['เจริญ', 'JAROEN'],
  ['บุญมี', 'BOONMEE'],
  ['บุญมี', 'BUNMI'],
  ['ทิพย์', 'THIP'],
  ['วิชัย', 'WICHAI'],
  ['วิชัย', 'VICHAI'],
  ['อรุณ', 'ARUN'],
  ['หญิง', 'YING'],
  ['ทองดี', 'TONGDEE'],
  ['กฤษณา', 'KRITSANA'],
  ['ฤทธิ์', 'RIT'],
  ['สมุทร', 'SAMUT'],
  ['พุทธ', 'PUT'],
  ['อำนาจ', 'AMNAT'],
  ['สมศักดิ์', 'SOMSAK'],
  ['นพดล', 'NOPPADON'],
  ['ธนากร', 'THANAKORN'],
  ['ปัทมา', 'PATTAMA'],
  ['ชัยวัฒน์', 'CHAIYAWAT'],
  ['จิราพร', 'JIRAPORN'],
  ['จตุพร', 'CHATUPHON'],
  ['เกียรติศักดิ์', 'KIATTISAK'],
  ['ประยุทธ์', 'PRAYUTH'],
  ['ยิ่งลักษณ์', 'YINGLUCK'],
  ['ทักษิณ', 'THAKSIN'],
  ['ทักษิณ ชินวัตร', 'THAKSIN SHINAWATRA'],
  ['อภิสิทธิ์', 'ABHISIT'],
  ['ธนินท์', 'DHANIN'],
  ['เวชชาชีวะ', 'VEJJAJIVA'],
  ['ขวัญใจ', 'KWANJAI'],
  ['สมหญิง', 'SOMYING'],
  ['รุ่งเรือง', 'RUNGRUANG'],
  ['นงลักษณ์', 'NONGLAK'],
  ['พรทิพย์', 'PONTIP'],
  ['กาญจนา', 'KANJANA'],
  ['จันทร์โอชา', 'CHAN-O-CHA'],
];

describe('Thai letters to Latin letters: the KTB, TMB and BBL case', () => {
  it.each(ROMANISED)('%s -> %s is a spelling', (thai, latin) => {
    expect(classifyNameChange(thai, latin)).toBe('spelling');
  });

  it.each(ROMANISED)('and back: %s <- %s', (thai, latin) => {
    expect(classifyNameChange(latin, thai)).toBe('spelling');
  });

  it.each([
    ['สมชาย ใจดี', 'SOMEONE ELSE'],
    ['สมชาย ใจดี', 'SOMEONE JAIDEE'],
    ['สมชาย ใจดี', 'SOMSAK JAIDEE'],
    ['สมศรี ใจดี', 'SOMSAK JAIDEE'],
    ['สมชาย ใจดี', 'SOMCHAI'],
    ['สมชาย ใจดี', 'SOM CHAI JAIDEE'],
    ['ใจดี', 'ELSE'],
    ['สมชาย', 'SOMEONE'],
    ['ประเสริฐ', 'PRAKAIDAO'],
    ['ณัฐพล มีสุข', 'NATTHAPHON SUKSAWAT'],
  ])('%s -> %s waits for review', (thai, latin) => {
    expect(classifyNameChange(thai, latin)).toBe('review');
  });

  it('lets a word of four consonant classes or more have one that does not fit, a shorter word none', () => {
    // สมศักดิ์: s m s k, four classes: a KH for the final ก is one class off; CH for ศ and no K are two.
    expect(romanises('สมศักดิ์', 'SOMSAKH')).toBe(true);
    expect(romanises('สมศักดิ์', 'SOMCHAI')).toBe(false);
    // ประเสริฐ: p s th, and two ร that may be silent, so three classes: a D for the final ฐ does not fit.
    expect(romanises('ประเสริฐ', 'PRASERD')).toBe(false);
    // ใจดี: ch d, two classes: nothing may differ.
    expect(romanises('ใจดี', 'JAIMEE')).toBe(false);
    expect(romanises('สมชาย', 'SOMCHAIS')).toBe(false);
  });
});

describe('what goes to review whatever the names', () => {
  it.each([
    ['ສົມພອນ ແກ້ວມະນີ', 'SOMPHONE KEOMANY'],
    ['SOMPHONE KEOMANY', 'ສົມພອນ ແກ້ວມະນີ'],
    ['สมชาย ใจดี', 'ສົມຊາຍ ໃຈດີ'],
    ['สมชาย ใจดี', 'สมชาย JAIDEE'],
    ['王小明', 'WANG XIAOMING'],
  ])('%s -> %s', (stored, given) => {
    expect(classifyNameChange(stored, given)).toBe('review');
  });
});

describe('the pieces', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance([...'SOMCHAI'], [...'SOMCAHI'])).toBe(1);
    expect(editDistance([...'JAIDEE'], [...'JAIDI'])).toBe(2);
    expect(editDistance([...'SOMSRI'], [...'SOMSAK'])).toBe(2);
  });

  it('allows two edits only when the consonants stay', () => {
    expect(sameSpelling('JAIDEE', 'JAIDI')).toBe(true);
    expect(sameSpelling('SOMSRI', 'SOMSAK')).toBe(false);
    expect(sameSpelling('J', 'K')).toBe(false);
  });

  it('reads the Thai word as its sounded consonants', () => {
    expect(thaiTokens('สมชาย').map((token) => token[0])).toEqual(['s', 'm', 'ch', 'y']);
    // ห before น is silent; ศักดิ์: ด with ิ and ์ is silent.
    expect(thaiTokens('หนู').map((token) => token[0])).toEqual(['n']);
    expect(thaiTokens('ศักดิ์').map((token) => token[0])).toEqual(['s', 'k']);
    expect(latinSkeleton('Yingluck')).toBe('ynglk');
  });
});
