/**
 * Bundled fonts, never a CDN: the member app's Noto Sans and Noto Sans Thai (apps/web/src/fonts.ts), regular
 * and semibold. Each @font-face carries a unicode-range, so the Thai files load only once Thai is on screen.
 */
import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-600.css';
import '@fontsource/noto-sans-thai/thai-400.css';
import '@fontsource/noto-sans-thai/thai-600.css';
