import { describe, expect, it } from 'vitest';
import { drawWheel, fitLabel, labelFontPx, type WheelContext } from './draw-wheel.ts';
import { SLICES } from './test-slices.ts';
import { normalizeAngle, planSpin } from './wheel-math.ts';

type Call = [name: string, ...args: unknown[]];

/** A 2D context that records what is drawn (jsdom has no canvas); text is 5 px per character wide. */
function recordingContext(): WheelContext & { calls: Call[] } {
  const calls: Call[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
    };
  const state = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
  };
  const context = {
    calls,
    setTransform: record('setTransform'),
    clearRect: record('clearRect'),
    beginPath: record('beginPath'),
    moveTo: record('moveTo'),
    arc: record('arc'),
    closePath: record('closePath'),
    fill: () => calls.push(['fill', state.fillStyle]),
    stroke: record('stroke'),
    save: record('save'),
    restore: record('restore'),
    translate: record('translate'),
    rotate: record('rotate'),
    fillText: (text: string, x: number, y: number) => calls.push(['fillText', text, x, y, state.fillStyle, state.font]),
    measureText: (text: string) => ({ width: Array.from(text).length * 5 }) as TextMetrics,
  };
  return Object.assign(
    Object.defineProperties(
      context,
      Object.fromEntries(
        Object.keys(state).map((key) => [
          key,
          {
            get: () => state[key as keyof typeof state],
            set: (value: never) => {
              (state as Record<string, unknown>)[key] = value;
            },
          },
        ]),
      ),
    ),
  ) as unknown as WheelContext & { calls: Call[] };
}

describe('drawWheel', () => {
  it('scales to the pixel ratio and paints each slice in its colours with its label', () => {
    const context = recordingContext();
    drawWheel(context, { size: 306, pixelRatio: 3, slices: SLICES, fontFamily: '"Noto Sans Thai", sans-serif' });
    expect(context.calls[0]).toEqual(['setTransform', 3, 0, 0, 3, 0, 0]);
    expect(context.calls.filter(([name]) => name === 'fill').map(([, colour]) => colour)).toEqual(
      SLICES.map((slice) => slice.bgColor),
    );
    const texts = context.calls.filter(([name]) => name === 'fillText');
    expect(texts.map(([, text]) => text)).toEqual(SLICES.map((slice) => slice.label));
    expect(texts.map(([, , , , colour]) => colour)).toEqual(SLICES.map((slice) => slice.textColor));
    expect(texts[0]?.[5]).toBe('600 14px "Noto Sans Thai", sans-serif');
  });

  it('starts slice 0 at the top and turns each label to its slice centre', () => {
    const context = recordingContext();
    drawWheel(context, { size: 200, pixelRatio: 1, slices: SLICES, fontFamily: 'sans-serif' });
    const arcs = context.calls.filter(([name]) => name === 'arc');
    expect(arcs[0]?.[4]).toBeCloseTo(-Math.PI / 2);
    expect(arcs[1]?.[4]).toBeCloseTo(0);
    const rotations = context.calls.filter(([name]) => name === 'rotate').map(([, angle]) => angle as number);
    expect(rotations[0]).toBeCloseTo(-Math.PI / 4);
    expect(rotations[1]).toBeCloseTo(Math.PI / 4);
  });

  it('keeps the labels of the left half upright: they read left to right, still on their slice', () => {
    const context = recordingContext();
    drawWheel(context, { size: 200, pixelRatio: 1, slices: SLICES, fontFamily: 'sans-serif' });
    const rotations = context.calls.filter(([name]) => name === 'rotate').map(([, angle]) => angle as number);
    const texts = context.calls.filter(([name]) => name === 'fillText').map(([, , x]) => x as number);
    SLICES.forEach((_, index) => {
      const rotation = rotations[index] ?? Number.NaN;
      const x = texts[index] ?? Number.NaN;
      // Text runs along the rotated x axis: rightwards on screen, never upside down.
      expect(Math.cos(rotation), `slice ${index}`).toBeGreaterThan(0);
      // Its anchor lies towards the slice's centre angle.
      const middle = ((index + 0.5) * 2 * Math.PI) / SLICES.length - Math.PI / 2;
      const anchor = Math.atan2(Math.sin(rotation) * x, Math.cos(rotation) * x);
      expect(Math.cos(anchor - middle), `slice ${index}`).toBeCloseTo(1);
    });
  });

  it('keeps every label upright at whatever angle the wheel rests after a spin', () => {
    for (const resting of [Math.PI, Math.PI / 2, 2.3, -1.1]) {
      const context = recordingContext();
      drawWheel(context, { size: 200, pixelRatio: 1, slices: SLICES, fontFamily: 'sans-serif', rotation: resting });
      const rotations = context.calls.filter(([name]) => name === 'rotate').map(([, angle]) => angle as number);
      const texts = context.calls.filter(([name]) => name === 'fillText').map(([, , x]) => x as number);
      SLICES.forEach((_, index) => {
        const rotation = rotations[index] ?? Number.NaN;
        const x = texts[index] ?? Number.NaN;
        // On screen the canvas is turned by `resting`: the text must still run rightwards there.
        expect(Math.cos(rotation + resting), `slice ${index} at ${resting}`).toBeGreaterThan(0);
        const middle = ((index + 0.5) * 2 * Math.PI) / SLICES.length - Math.PI / 2;
        const anchor = Math.atan2(Math.sin(rotation) * x, Math.cos(rotation) * x);
        expect(Math.cos(anchor - middle), `slice ${index} at ${resting}`).toBeCloseTo(1);
      });
    }
  });

  it('keeps every label upright, and the winner the same way up under the pointer, after spins to each prize', () => {
    for (const count of [4, 6, 8, 12]) {
      const slices = Array.from({ length: count }, (_, index) => ({
        ...(SLICES[index % SLICES.length] as (typeof SLICES)[number]),
        code: `S${index}`,
      }));
      // The wheel rests where the component leaves it: a chain of spins, each kept below one turn.
      let resting = 0;
      for (let spin = 0; spin < count * 2; spin++) {
        const prize = (spin * 5 + 1) % count;
        resting = normalizeAngle(planSpin(resting, prize, count, () => spin / (count * 2)).to);
        const context = recordingContext();
        drawWheel(context, { size: 306, pixelRatio: 1, slices, fontFamily: 'sans-serif', rotation: resting });
        const rotations = context.calls.filter(([name]) => name === 'rotate').map(([, angle]) => angle as number);
        const xs = context.calls.filter(([name]) => name === 'fillText').map(([, , x]) => x as number);
        slices.forEach((_, index) => {
          const where = `slice ${index} of ${count} after spin ${spin} to ${prize}`;
          // The text's direction on screen: its rotation on the canvas plus the canvas's own.
          const rotation = rotations[index] ?? Number.NaN;
          const onScreen = rotation + resting;
          const x = xs[index] ?? Number.NaN;
          const middle = ((index + 0.5) * 2 * Math.PI) / count - Math.PI / 2;
          const anchor = Math.atan2(Math.sin(rotation) * x, Math.cos(rotation) * x);
          expect(Math.cos(anchor - middle), where).toBeCloseTo(1);
          if (Math.abs(Math.cos(middle + resting)) > 1e-6) {
            expect(Math.cos(onScreen), where).toBeGreaterThan(0);
          } else {
            // A label straight up or down is never flipped, whatever rounding the spin left in the angle.
            expect(x, where).toBeGreaterThan(0);
          }
        });
        // The winner sits under the pointer, reading outwards (bottom to top), not turned into the left half.
        const winner = normalizeAngle((rotations[prize] ?? Number.NaN) + resting);
        expect(winner, `winner ${prize} of ${count}`).toBeCloseTo((3 * Math.PI) / 2);
        expect(xs[prize], `winner ${prize} of ${count}`).toBeGreaterThan(0);
      }
    }
  });

  it('clears and paints nothing else without slices', () => {
    const context = recordingContext();
    drawWheel(context, { size: 200, pixelRatio: 2, slices: [], fontFamily: 'sans-serif' });
    expect(context.calls.map(([name]) => name)).toEqual(['setTransform', 'clearRect']);
  });
});

describe('labels', () => {
  it('are 14 px on a 360 px phone and never below 13 px', () => {
    expect(labelFontPx(306)).toBe(14);
    expect(labelFontPx(100)).toBe(13);
    expect(labelFontPx(350)).toBe(16);
  });

  it('are cut with an ellipsis when they do not fit', () => {
    const context = recordingContext();
    expect(fitLabel(context, 'Jackpot', 80)).toBe('Jackpot');
    expect(fitLabel(context, 'Jackpot 1,000', 45)).toBe('Jackpot…');
    expect(fitLabel(context, 'Jackpot', 4)).toBe('…');
  });
});
