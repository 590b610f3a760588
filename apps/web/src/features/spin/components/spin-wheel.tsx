import type { SpinSlice } from '@member-wallet/contract/spin';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { drawWheel } from '../draw-wheel.ts';
import { useWheelMetrics } from '../use-wheel-metrics.ts';
import { normalizeAngle, planSpin, rotationAt } from '../wheel-math.ts';

export interface SpinWheelProps {
  /** The wheel's name, for its accessible label. */
  name: string;
  slices: readonly SpinSlice[];
  coins: number;
  /** From the click until `onSpinEnd`: the screen's state, so a second click cannot start a second spin. */
  spinning: boolean;
  /**
   * The index in `slices` of the server's outcome. Setting it starts the landing animation; set it back to
   * null before the next spin.
   */
  landOn: number | null;
  onSpin: () => void;
  /** Called once the wheel has come to rest on `landOn`. */
  onSpinEnd: () => void;
  /** Draws the number of extra turns; tests pass a fixed one. */
  random?: () => number;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function turn(canvas: HTMLCanvasElement | null, rotation: number): void {
  if (canvas) canvas.style.transform = `rotate(${rotation}rad)`;
}

/**
 * Paints the wheel now, again once the labels' font has arrived (Thai and Lao files load on first use), and
 * again where a spin leaves it (`resting`), so its labels read upright there.
 */
function usePaint(canvas: RefObject<HTMLCanvasElement | null>, slices: readonly SpinSlice[], resting: number) {
  const { size, pixelRatio } = useWheelMetrics();
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const fontFamily = getComputedStyle(element).fontFamily || 'sans-serif';
    const paint = () => drawWheel(context, { size, pixelRatio, slices, fontFamily, rotation: resting });
    paint();
    let current = true;
    const fonts = 'fonts' in document ? document.fonts : undefined;
    fonts
      ?.load(context.font, slices.map((slice) => slice.label).join(''))
      .then(() => {
        if (current) paint();
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [canvas, size, pixelRatio, slices, resting]);
  return { size, pixelRatio };
}

/**
 * The prize wheel (spec sections 2 and 4, Spin): slices painted on a canvas under a fixed pointer, and the
 * spin button in the centre with the member's coins. A click is ignored while spinning or without coins.
 * When `landOn` is set the wheel turns 2 or 3 times and slows to a stop on that slice's centre (wheel-math);
 * a reader who asked for reduced motion sees it stop there at once.
 */
export function SpinWheel({ name, slices, coins, spinning, landOn, onSpin, onSpinEnd, random }: SpinWheelProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rotation = useRef(0);
  const onSpinEndRef = useRef(onSpinEnd);
  onSpinEndRef.current = onSpinEnd;
  const randomRef = useRef(random);
  randomRef.current = random;
  const [resting, setResting] = useState(0);
  const { size, pixelRatio } = usePaint(canvasRef, slices, resting);
  const count = slices.length;

  useEffect(() => {
    if (landOn === null || landOn < 0 || landOn >= count) return;
    const plan = planSpin(rotation.current, landOn, count, randomRef.current);
    const settle = () => {
      // Kept below one turn, so the next plan starts from a small angle and precision never drifts.
      rotation.current = normalizeAngle(plan.to);
      turn(canvasRef.current, rotation.current);
      setResting(rotation.current);
      onSpinEndRef.current();
    };
    if (prefersReducedMotion()) {
      settle();
      return;
    }
    let frame = 0;
    let startedAt: number | null = null;
    const step = (now: number) => {
      startedAt ??= now;
      const elapsed = now - startedAt;
      if (elapsed >= plan.durationMs) {
        settle();
        return;
      }
      rotation.current = rotationAt(plan, elapsed);
      turn(canvasRef.current, rotation.current);
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [landOn, count]);

  const blocked = spinning || coins <= 0;
  const hub = Math.max(48, Math.round(size * 0.28));

  return (
    <div className="relative mx-auto" style={{ width: size, height: size }}>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={t('spin.wheel.label', { name, prizes: slices.map((slice) => slice.label).join(', ') })}
        width={Math.round(size * pixelRatio)}
        height={Math.round(size * pixelRatio)}
        className="block rounded-full shadow-lg will-change-transform"
        style={{ width: size, height: size, transform: `rotate(${rotation.current}rad)` }}
      />
      <svg
        aria-hidden="true"
        viewBox="0 0 24 28"
        className="absolute top-0 left-1/2 h-8 w-7 -translate-x-1/2 -translate-y-2 drop-shadow"
      >
        <path d="M2 2h20L12 26z" fill="#dc2626" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <button
        type="button"
        aria-disabled={blocked || undefined}
        aria-label={t('spin.wheel.button', { coins })}
        onClick={() => {
          if (!blocked) onSpin();
        }}
        className={`absolute top-1/2 left-1/2 flex -translate-x-1/2 -translate-y-1/2 flex-col items-center justify-center rounded-full border-4 border-white font-semibold text-white shadow-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
          coins <= 0 ? 'cursor-not-allowed bg-slate-400' : 'bg-brand-700 hover:bg-brand-800'
        } ${spinning ? 'cursor-wait' : ''}`}
        style={{ width: hub, height: hub }}
      >
        <span className="text-sm leading-normal">{t('spin.wheel.spin')}</span>
        <span className="text-lg leading-normal" translate="no">
          {coins}
        </span>
      </button>
    </div>
  );
}
