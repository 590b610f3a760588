import type { SpinSlice } from '@member-wallet/contract/spin';
import { sliceAngle } from './wheel-math.ts';

/** The part of the 2D context the wheel draws with: a test can record the calls on a plain object. */
export type WheelContext = Pick<
  CanvasRenderingContext2D,
  | 'setTransform'
  | 'clearRect'
  | 'beginPath'
  | 'moveTo'
  | 'arc'
  | 'closePath'
  | 'fill'
  | 'stroke'
  | 'save'
  | 'restore'
  | 'translate'
  | 'rotate'
  | 'fillText'
  | 'measureText'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
>;

export interface WheelPaint {
  /** The side in CSS pixels. */
  size: number;
  /** `devicePixelRatio`: the backing store has this many device pixels per CSS pixel, so edges stay sharp. */
  pixelRatio: number;
  slices: readonly SpinSlice[];
  /** The page's font stack, so Thai and Lao labels get Noto Sans Thai / Lao like the rest of the page. */
  fontFamily: string;
  /** The angle the canvas rests at on screen (radians, clockwise): labels are made upright for it. 0 at first. */
  rotation?: number;
}

/**
 * Thai and Lao stack vowels and tone marks above and below the line: below 13 px they blur into the letter on
 * a phone screen, so a long label is cut with an ellipsis rather than shrunk further.
 */
const FONT_PX = { min: 13, max: 17 } as const;
/** Where labels stop short of the centre: the spin button covers this share of the radius. */
const HUB_SHARE = 0.34;
const RIM_PX = 6;
/** Painted first: a colour the canvas cannot parse is ignored, which would repeat the previous slice's. */
const FALLBACK_COLOUR = '#cbd5e1';

/** The font size of the labels for a wheel of `size` px: 14 px on a 360 px phone, 17 px at most. */
export function labelFontPx(size: number): number {
  return Math.max(FONT_PX.min, Math.min(FONT_PX.max, Math.round(size / 22)));
}

/** `label` in the given font, cut with an ellipsis to fit `width` (measured, as Thai marks take no width). */
export function fitLabel(context: WheelContext, label: string, width: number): string {
  if (context.measureText(label).width <= width) return label;
  const characters = Array.from(label);
  for (let length = characters.length - 1; length > 0; length--) {
    const cut = `${characters.slice(0, length).join('').trimEnd()}…`;
    if (context.measureText(cut).width <= width) return cut;
  }
  return '…';
}

/**
 * Paints the wheel, slice 0 starting at the top of the canvas and the others following clockwise, each label
 * along its slice's radius, reading outwards where it sits on the right half of the screen and inwards on the
 * left, for the angle the canvas rests at (`rotation`), so every label reads upright. The wheel turns by a CSS
 * transform of the canvas: a spin repaints once, when it stops.
 */
export function drawWheel(
  context: WheelContext,
  { size, pixelRatio, slices, fontFamily, rotation = 0 }: WheelPaint,
): void {
  context.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  context.clearRect(0, 0, size, size);
  if (slices.length === 0 || size <= 0) return;
  const centre = size / 2;
  const radius = centre - RIM_PX / 2;
  const angle = sliceAngle(slices.length);
  const fontPx = labelFontPx(size);
  context.font = `600 ${fontPx}px ${fontFamily}`;
  context.textBaseline = 'middle';
  const labelWidth = radius * (1 - HUB_SHARE) - fontPx;

  slices.forEach((slice, index) => {
    // Canvas angles start at 3 o'clock; the wheel's start at the top, a quarter turn earlier.
    const start = index * angle - Math.PI / 2;
    context.beginPath();
    context.moveTo(centre, centre);
    context.arc(centre, centre, radius, start, start + angle);
    context.closePath();
    context.fillStyle = FALLBACK_COLOUR;
    context.fillStyle = slice.bgColor;
    context.fill();
    context.strokeStyle = 'rgba(255, 255, 255, 0.85)';
    context.lineWidth = 2;
    context.stroke();

    context.save();
    context.translate(centre, centre);
    const middle = start + angle / 2;
    // On the left half of the screen a label along the radius would read upside down: it is turned half a turn
    // and runs from the rim inwards instead, so every label reads left to right where the wheel rests.
    const left = Math.cos(middle + rotation) < -1e-9;
    context.rotate(left ? middle - Math.PI : middle);
    context.textAlign = left ? 'left' : 'right';
    context.fillStyle = '#0f172a';
    context.fillStyle = slice.textColor;
    const rim = radius - fontPx * 0.75;
    context.fillText(fitLabel(context, slice.label, labelWidth), left ? -rim : rim, 0);
    context.restore();
  });

  context.beginPath();
  context.arc(centre, centre, radius, 0, 2 * Math.PI);
  context.strokeStyle = '#115e59';
  context.lineWidth = RIM_PX;
  context.stroke();
}
