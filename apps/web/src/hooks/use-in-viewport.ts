import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Whether the element has been in the viewport yet (it stays true afterwards). Off-screen content uses it to
 * start its downloads only when the reader scrolls to it: the browser's own `loading="lazy"` starts images
 * up to about 1250 px below the viewport, which on a phone is the whole home page. Where the browser has no
 * IntersectionObserver the answer is true at once.
 */
export function useInViewport<T extends Element>(): [boolean, RefObject<T | null>] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return [seen, ref];
}
