/**
 * Bundled fonts, never a CDN. Each @font-face carries a unicode-range, so the browser downloads the Thai
 * or Lao files only once text in that script is on screen; fonts.css keeps the one Lao word shown on every
 * page (the language switcher) from pulling the Lao font into Thai and English pages.
 */
import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-600.css';
import '@fontsource/noto-sans/latin-700.css';
import '@fontsource/noto-sans-thai/thai-400.css';
import '@fontsource/noto-sans-thai/thai-600.css';
import '@fontsource/noto-sans-thai/thai-700.css';
import '@fontsource/noto-sans-lao/lao-400.css';
import '@fontsource/noto-sans-lao/lao-600.css';
import '@fontsource/noto-sans-lao/lao-700.css';
import './fonts.css';
