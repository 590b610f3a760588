import { DELAY_MS } from '@member-wallet/contract/constants';
import { useEffect, useState } from 'react';
import { wheelSize } from './wheel-math.ts';

export interface WheelMetrics {
  size: number;
  pixelRatio: number;
}

function measure(): WheelMetrics {
  return { size: wheelSize(window.innerWidth), pixelRatio: window.devicePixelRatio || 1 };
}

/**
 * The wheel's size and the screen's pixel ratio, measured again 500 ms after the window stops resizing
 * (spec section 9): a rotating phone or a dragged window fires dozens of resize events, and each repaint of
 * the wheel costs a cheap phone a frame. Zooming changes the pixel ratio and fires resize too; a window
 * dragged to a screen of another density fires only the media query of its old pixel ratio.
 */
export function useWheelMetrics(): WheelMetrics {
  const [metrics, setMetrics] = useState(measure);
  const { pixelRatio } = metrics;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const next = measure();
        setMetrics((current) =>
          current.size === next.size && current.pixelRatio === next.pixelRatio ? current : next,
        );
      }, DELAY_MS.wheelResizeDebounce);
    };
    window.addEventListener('resize', onResize);
    const density =
      typeof window.matchMedia === 'function' ? window.matchMedia(`(resolution: ${pixelRatio}dppx)`) : undefined;
    density?.addEventListener?.('change', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      density?.removeEventListener?.('change', onResize);
      clearTimeout(timer);
    };
  }, [pixelRatio]);
  return metrics;
}
