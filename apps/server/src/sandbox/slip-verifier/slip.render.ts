import { toMajor } from '@member-wallet/contract/money';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './bitmap-font.ts';

/**
 * SANDBOX ONLY: draws a bank-app style transfer slip as a PNG (docs/parties/slip-verifier.md, sandbox): a bank header band,
 * "TRANSFER SUCCESSFUL", the amount, the masked accounts, the date, the reference and the verification mini-QR,
 * whose text is the Bank of Thailand slip-verify payload the caller hands in.
 */
export interface SlipDrawing {
  bankCode: string;
  amountMinor: bigint;
  currency: string;
  senderAccountNo: string;
  receiverAccountNo: string;
  transferredAt: Date;
  reference: string;
  /** The mini-QR's text. */
  qrText: string;
}

export type Rgb = readonly [number, number, number];

const WIDTH = 480;
const HEIGHT = 860;
const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [33, 37, 41];
const GREY: Rgb = [120, 124, 130];
const GREEN: Rgb = [0, 150, 80];
const QR_MODULE_PX = 6;
const QR_QUIET_MODULES = 4;
/** Banks' brand colours for the header band; others get a neutral blue. */
const BANK_COLOURS: Record<string, Rgb> = {
  KBANK: [19, 143, 45],
  SCB: [78, 45, 127],
  BBL: [30, 66, 155],
  KTB: [0, 166, 229],
  TMB: [0, 84, 166],
  BAY: [254, 198, 0],
  GSB: [235, 25, 141],
};

export class Canvas {
  readonly png = new PNG({ width: WIDTH, height: HEIGHT });

  constructor() {
    this.fill(0, 0, WIDTH, HEIGHT, WHITE);
  }

  fill(x: number, y: number, width: number, height: number, colour: Rgb) {
    for (let row = Math.max(0, y); row < Math.min(HEIGHT, y + height); row++) {
      for (let column = Math.max(0, x); column < Math.min(WIDTH, x + width); column++) {
        const at = (row * WIDTH + column) * 4;
        this.png.data[at] = colour[0];
        this.png.data[at + 1] = colour[1];
        this.png.data[at + 2] = colour[2];
        this.png.data[at + 3] = 255;
      }
    }
  }

  /** Text at a scale (pixels per font pixel), one pixel between glyphs; `centre` centres it on the canvas. */
  text(value: string, y: number, scale: number, colour: Rgb, x: number | 'centre' = 'centre') {
    const advance = (GLYPH_WIDTH + 1) * scale;
    let left = x === 'centre' ? Math.round((WIDTH - value.length * advance + scale) / 2) : x;
    for (const character of value) {
      const rows = glyph(character);
      for (let row = 0; row < GLYPH_HEIGHT; row++) {
        for (let column = 0; column < GLYPH_WIDTH; column++) {
          if (rows[row]?.[column] === '#') this.fill(left + column * scale, y + row * scale, scale, scale, colour);
        }
      }
      left += advance;
    }
  }

  qr(text: string, y: number) {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const side = (modules.size + 2 * QR_QUIET_MODULES) * QR_MODULE_PX;
    const left = Math.round((WIDTH - side) / 2);
    this.fill(left, y, side, side, WHITE);
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        if (!modules.get(row, column)) continue;
        const offset = QR_QUIET_MODULES * QR_MODULE_PX;
        this.fill(
          left + offset + column * QR_MODULE_PX,
          y + offset + row * QR_MODULE_PX,
          QR_MODULE_PX,
          QR_MODULE_PX,
          INK,
        );
      }
    }
  }
}

/** `123-4-56789-0` style masking: only the last four digits show. */
export function maskAccount(accountNo: string): string {
  const digits = accountNo.replace(/\D/g, '');
  return `XXX-X-X${digits.slice(-4, -1)}-${digits.slice(-1)}`;
}

function formatAmount(amountMinor: bigint): string {
  const [whole = '0', fraction = '00'] = toMajor(amountMinor).toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** `23/11/2026 14:05` in Bangkok time (UTC+7, no daylight saving), as Thai bank apps show it. */
export function formatDate(date: Date): string {
  const local = new Date(date.getTime() + 7 * 3_600_000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

/** What a slip picture shows, already written out: the layout is the same for every bank (Thai and BCEL). */
export interface SlipFace {
  band: Rgb;
  title: string;
  transferredAt: Date;
  amount: string;
  bankCode: string;
  sender: string;
  receiver: string;
  referenceLabel: string;
  reference: string;
  qrText: string;
}

/** Draws a slip: the band and title, "TRANSFER SUCCESSFUL", date, amount, accounts, reference, QR, sandbox mark. */
export function drawSlip(face: SlipFace): Buffer {
  const canvas = new Canvas();
  canvas.fill(0, 0, WIDTH, 110, face.band);
  canvas.text(face.title, 32, 6, WHITE);
  canvas.text('TRANSFER SUCCESSFUL', 140, 3, GREEN);
  canvas.text(formatDate(face.transferredAt), 180, 2, GREY);
  canvas.text('AMOUNT', 225, 2, GREY);
  canvas.text(face.amount, 250, 4, INK);
  canvas.text(`FROM ${face.bankCode}`, 320, 2, GREY, 40);
  canvas.text(face.sender, 345, 3, INK, 40);
  canvas.text('TO', 395, 2, GREY, 40);
  canvas.text(face.receiver, 420, 3, INK, 40);
  canvas.text(face.referenceLabel, 470, 2, GREY, 40);
  canvas.text(face.reference, 495, 2, INK, 40);
  canvas.fill(40, 530, WIDTH - 80, 2, [222, 226, 230]);
  canvas.qr(face.qrText, 545);
  canvas.text('SANDBOX - NOT A REAL SLIP', 825, 2, GREY);
  return PNG.sync.write(canvas.png);
}

export function renderSlip(slip: SlipDrawing): Buffer {
  return drawSlip({
    band: BANK_COLOURS[slip.bankCode] ?? [40, 90, 160],
    title: slip.bankCode,
    transferredAt: slip.transferredAt,
    amount: `${formatAmount(slip.amountMinor)} ${slip.currency === 'BAHT' ? 'THB' : slip.currency}`,
    bankCode: slip.bankCode,
    sender: maskAccount(slip.senderAccountNo),
    receiver: maskAccount(slip.receiverAccountNo),
    referenceLabel: 'REFERENCE',
    reference: slip.reference,
    qrText: slip.qrText,
  });
}
