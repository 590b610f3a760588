/**
 * Bundled fonts, never a CDN. Each @font-face carries a unicode-range, so the browser downloads the Thai
 * or Lao files only once text in that script is on screen, and Noto Sans Lao is only in the Lao page's font
 * stack (index.css), so the Lao word of the language menu never pulls it into Thai and English pages.
 *
 * Two weights, regular (400) and semibold (600, also for bold text): each weight is one more file per script
 * on the way to the first paint, about 13 KiB for Latin and 9 KiB for Thai (docs/performance.md).
 */
import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-600.css';
import '@fontsource/noto-sans-thai/thai-400.css';
import '@fontsource/noto-sans-thai/thai-600.css';
import '@fontsource/noto-sans-lao/lao-400.css';
import '@fontsource/noto-sans-lao/lao-600.css';
