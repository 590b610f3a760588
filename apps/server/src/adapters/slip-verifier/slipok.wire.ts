/**
 * SlipOK's check-slip API as its public documentation and public clients describe it (docs/parties/slipok.md):
 * the error codes and their messages, shared by the adapter (slipok.ts), the sandbox that speaks the same wire
 * (src/sandbox/slip-verifier/) and the tests' stand-in (test/slipok-standin.ts).
 */

/** `POST {SLIPOK_BASE_URL}/api/line/apikey/{branchId}`. */
export const SLIPOK_DEFAULT_BASE_URL = 'https://api.slipok.com';
export const SLIPOK_AUTH_HEADER = 'x-authorization';

export function slipOkPath(branchId: string): string {
  return `/api/line/apikey/${encodeURIComponent(branchId)}`;
}

/** Every error code SlipOK documents, with its message as SlipOK writes it (Thai; `{...}` filled in by SlipOK). */
export const SLIPOK_ERROR_MESSAGES = {
  1000: 'กรุณาใส่ข้อมูล QR Code ให้ครบใน field data, files หรือ url',
  1001: 'ไม่พบข้อมูลสาขา กรุณาตรวจสอบไอดีสาขา',
  1002: 'Authorization Header ไม่ถูกต้อง',
  1003: 'Package ของคุณหมดอายุแล้ว',
  1004: 'Package ของคุณใช้เกินโควต้ามาแล้ว 400 บาท กรุณาต่อสมาชิกแพ็กเกจ',
  1005: 'ไฟล์ไม่ใช่ไฟล์ภาพ กรุณาอัพโหลดไฟล์เฉพาะนามสกุล .jpg .jpeg .png .jfif หรือ .webp',
  1006: 'รูปภาพไม่ถูกต้อง',
  1007: 'รูปภาพไม่มี QR Code',
  1008: 'QR ดังกล่าวไม่ใช่ QR สำหรับการตรวจสอบการชำระเงิน',
  1009: 'ขออภัยในความไม่สะดวก ขณะนี้ข้อมูลธนาคารเกิดขัดข้องชั่วคราว โปรดตรวจใหม่อีกครั้งใน 15 นาทีถัดไป (ไม่เสียโควต้าสลิป)',
  1010: 'เนื่องจากเป็นสลิปจากธนาคาร{bankName} กรุณารอการตรวจสอบสลิปหลังการโอนประมาณ {delay} นาที',
  1011: 'QR Code หมดอายุ หรือ ไม่มีรายการอยู่จริง',
  1012: 'สลิปซ้ำ สลิปนี้เคยส่งเข้ามาในระบบเมื่อ {timestamp}',
  1013: 'ยอดที่ส่งมาไม่ตรงกับยอดสลิป',
  1014: 'บัญชีผู้รับไม่ตรงกับบัญชีหลักของร้าน',
} as const;

export type SlipOkErrorCode = keyof typeof SLIPOK_ERROR_MESSAGES;

export function isSlipOkErrorCode(code: number): code is SlipOkErrorCode {
  return Object.hasOwn(SLIPOK_ERROR_MESSAGES, code);
}

/** One side of a transfer in a check-slip answer: names cut and numbers masked by the bank, as shown. */
export interface SlipOkParty {
  /** Thai or English, as the sending bank's slip prints it (`นาย กสิกร ร`). */
  displayName: string;
  /** English (`Mr. Kasikorn R`). */
  name: string;
  proxy: { type: string | null; value: string | null };
  account: { type: string; value: string };
}

/** The check-slip answer's `data`, the fields we read (and the sandbox writes) among those documented. */
export interface SlipOkSlip {
  success: boolean;
  message: string;
  language?: 'TH' | 'EN';
  receivingBank: string;
  sendingBank: string;
  transRef: string;
  /** `yyyyMMdd` and `HH:mm:ss`, Bangkok time, as printed on the slip. */
  transDate: string;
  transTime: string;
  /** ISO 8601 (`2020-04-01T03:15:07.000Z`). */
  transTimestamp: string;
  sender?: SlipOkParty;
  receiver: SlipOkParty;
  /** Baht, a JSON number. */
  amount: number;
  paidLocalAmount?: number;
  paidLocalCurrency?: string;
  countryCode: string;
  transFeeAmount?: number | string;
  ref1?: string;
  ref2?: string;
  ref3?: string;
  toMerchantId?: string;
}
