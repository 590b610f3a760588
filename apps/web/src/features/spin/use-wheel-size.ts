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
 * the wheel costs a cheap phone a frame. Zooming changes the pixel ratio and fires resize too.
 */
export function useWheelMetrics(): WheelMetrics {
  const [metrics, setMetrics] = useState(measure);
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
    return () => {
      window.removeEventListener('resize', onResize);
      clearTimeout(timer);
    };
  }, []);
  return metrics;
}
