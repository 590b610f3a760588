/**
 * The deposit QR as a picture for the gallery (issue 21): a member paying from the same phone saves it and opens
 * it in their bank app, which reads QR codes from pictures. The QR is drawn from the server's SVG (the same
 * modules, so the same payload), large and with a quiet zone, and under it what the member checks before paying:
 * the recipient, the amount and until when the QR can be paid.
 *
 * Loaded only once a QR is shown (qr-panel.tsx imports it on demand): /login and the rest of the deposit modal do
 * not carry it.
 */

export interface QrPictureTexts {
  /** The recipient's name as the member sees it (the operator's account or merchant name). */
  recipient: string;
  /** The amount with its currency, as the screen shows it. */
  amount: string;
  /** "Pay before 25/11/2026 14:05:00". */
  expiry: string;
}

const WIDTH = 720;
const QR_SIZE = 600;
const MARGIN = (WIDTH - QR_SIZE) / 2;
const LINE = 64;
/** The page's own font stack for its language (base.css, index.css): Thai and Lao need Noto Sans Thai / Lao. */
function pageFonts(): string {
  return getComputedStyle(document.body).fontFamily || 'sans-serif';
}

function loadImage(source: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = source;
  return image.decode().then(() => image);
}

/** Resolves once the fonts the labels use are in, so the canvas does not fall back to boxes. */
async function fontsFor(fonts: string, text: string): Promise<void> {
  await Promise.all([
    document.fonts.load(`600 44px ${fonts}`, text),
    document.fonts.load(`400 30px ${fonts}`, text),
  ]).catch(() => undefined);
}

/** Draws the picture: white, the QR on top, the amount large, then the recipient and the expiry. */
export async function drawQrPicture(qrImageSource: string, texts: QrPictureTexts): Promise<Blob> {
  const fonts = pageFonts();
  const [qr] = await Promise.all([
    loadImage(qrImageSource),
    fontsFor(fonts, `${texts.recipient}${texts.amount}${texts.expiry}`),
  ]);
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = MARGIN + QR_SIZE + LINE * 3 + MARGIN;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  // Modules stay sharp: no smoothing between them.
  context.imageSmoothingEnabled = false;
  context.drawImage(qr, MARGIN, MARGIN, QR_SIZE, QR_SIZE);
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillStyle = '#0f172a';
  const textWidth = WIDTH - 2 * 24;
  let y = MARGIN + QR_SIZE + LINE / 2;
  context.font = `600 44px ${fonts}`;
  context.fillText(texts.amount, WIDTH / 2, y, textWidth);
  context.font = `400 30px ${fonts}`;
  for (const line of [texts.recipient, texts.expiry]) {
    y += LINE;
    context.fillText(line, WIDTH / 2, y, textWidth);
  }
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas gave no picture'))), 'image/png');
  });
}

/** The Web Share action with the picture, where the browser can share files; `null` where it cannot. */
export function sharePicture(file: File): (() => Promise<void>) | null {
  if (typeof navigator.canShare !== 'function' || !navigator.canShare({ files: [file] })) return null;
  return () =>
    navigator.share({ files: [file] }).catch((error: unknown) => {
      // The member closed the share sheet: nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      throw error;
    });
}
