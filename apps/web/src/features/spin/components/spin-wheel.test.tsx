import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMemberTexts } from '../../../i18n/i18n.ts';
import { SLICES } from '../test-slices.ts';
import { normalizeAngle, sliceAtPointer } from '../wheel-math.ts';
import { SpinWheel, type SpinWheelProps } from './spin-wheel.tsx';

/** jsdom has no canvas: a context that only counts paints is enough here (draw-wheel.test.ts checks the paint). */
function fakeContext() {
  const context = {
    font: '',
    paints: 0,
    setTransform: () => {
      context.paints += 1;
    },
    measureText: (text: string) => ({ width: text.length * 5 }),
  };
  return new Proxy(context, {
    get: (target, key) => (key in target ? target[key as keyof typeof target] : () => undefined),
    set: (target, key, value) => Reflect.set(target, key, value),
  });
}

function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

function renderWheel(props: Partial<SpinWheelProps> = {}) {
  const onSpin = vi.fn();
  const onSpinEnd = vi.fn();
  const all: SpinWheelProps = {
    name: 'Lucky',
    slices: SLICES,
    coins: 3,
    spinning: false,
    landOn: null,
    onSpin,
    onSpinEnd,
    random: () => 0.5,
    ...props,
  };
  const view = render(<SpinWheel {...all} />);
  return {
    ...view,
    onSpin,
    onSpinEnd,
    rerenderWith: (next: Partial<SpinWheelProps>) => view.rerender(<SpinWheel {...all} {...next} />),
  };
}

function canvasRotation(): number {
  const transform = screen.getByRole('img').style.transform;
  return Number(/rotate\((-?[\d.e-]+)rad\)/.exec(transform)?.[1]);
}

let context: ReturnType<typeof fakeContext>;

beforeEach(async () => {
  await loadMemberTexts();
  context = fakeContext();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  setWindowWidth(360);
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'Date'],
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SpinWheel', () => {
  it('labels the canvas with its prizes and the button with the coins', () => {
    renderWheel();
    expect(screen.getByRole('img', { name: /Lucky.*เครดิตฟรี 50, ເຄຣດິດ 100, Try again, Jackpot 1,000/ })).toBeVisible();
    const button = screen.getByRole('button', { name: 'Spin the wheel. Coins: 3' });
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(context.paints).toBeGreaterThan(0);
  });

  it('asks for a spin on click', () => {
    const { onSpin } = renderWheel();
    fireEvent.click(screen.getByRole('button'));
    expect(onSpin).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks while spinning', () => {
    const { onSpin } = renderWheel({ spinning: true });
    fireEvent.click(screen.getByRole('button'));
    expect(onSpin).not.toHaveBeenCalled();
    expect(screen.getByRole('button')).toHaveAttribute('aria-disabled', 'true');
  });

  it('ignores clicks at zero coins and shows the button grey and not allowed', () => {
    const { onSpin } = renderWheel({ coins: 0 });
    const button = screen.getByRole('button', { name: 'Spin the wheel. Coins: 0' });
    fireEvent.click(button);
    expect(onSpin).not.toHaveBeenCalled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveClass('cursor-not-allowed', 'bg-slate-400');
  });

  it('turns for 4 to 5 s, then rests on the chosen slice and reports the end once', () => {
    const { onSpinEnd, rerenderWith } = renderWheel();
    rerenderWith({ spinning: true, landOn: 2 });
    act(() => vi.advanceTimersByTime(2_000));
    expect(canvasRotation()).toBeGreaterThan(2 * Math.PI);
    expect(onSpinEnd).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_900));
    expect(onSpinEnd).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_200));
    expect(onSpinEnd).toHaveBeenCalledTimes(1);
    expect(sliceAtPointer(canvasRotation(), SLICES.length)).toBe(2);
    expect(normalizeAngle(-canvasRotation())).toBeCloseTo(2.5 * (Math.PI / 2));
    act(() => vi.advanceTimersByTime(5_000));
    expect(onSpinEnd).toHaveBeenCalledTimes(1);
  });

  it('lands at once when the reader prefers reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    const { onSpinEnd, rerenderWith } = renderWheel();
    rerenderWith({ spinning: true, landOn: 1 });
    expect(onSpinEnd).toHaveBeenCalledTimes(1);
    expect(sliceAtPointer(canvasRotation(), SLICES.length)).toBe(1);
  });

  it('resizes 500 ms after the window stops resizing, sharp for the pixel ratio', () => {
    renderWheel();
    const canvas = screen.getByRole('img') as HTMLCanvasElement;
    expect(canvas.style.width).toBe('306px');
    const paints = context.paints;
    Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 2 });
    setWindowWidth(320);
    act(() => {
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(300);
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(499);
    });
    expect(canvas.style.width).toBe('306px');
    expect(context.paints).toBe(paints);
    act(() => vi.advanceTimersByTime(1));
    expect(canvas.style.width).toBe('272px');
    expect(canvas.width).toBe(544);
    expect(context.paints).toBe(paints + 1);
    Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 1 });
  });

  it('repaints for a screen of another pixel ratio, as when the window moves to another display', () => {
    const listeners: (() => void)[] = [];
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
      removeEventListener: () => undefined,
    }));
    renderWheel();
    const canvas = screen.getByRole('img') as HTMLCanvasElement;
    expect(canvas.width).toBe(306);
    Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 3 });
    act(() => {
      for (const listener of listeners) listener();
      vi.advanceTimersByTime(500);
    });
    expect(canvas.width).toBe(918);
    expect(canvas.style.width).toBe('306px');
    Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 1 });
  });
});
