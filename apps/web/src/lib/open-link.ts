import { env } from './env.ts';
import { safeLinkUrl } from './safe-url.ts';

/** Indirection for the same-tab navigation, which tests cannot observe on jsdom's `location`. */
export const browser = { assign: (url: string) => window.location.assign(url) };

/**
 * Opens a game link as the build says (`VITE_GAME_LAUNCH`): a new tab, or this one. `tab` is a tab opened
 * earlier, in the click itself, so that a link fetched afterwards is not blocked as a pop-up.
 */
export function openGameLink(url: string, tab: Window | null = null): boolean {
  const link = safeLinkUrl(url);
  if (!link) {
    tab?.close();
    return false;
  }
  if (env.gameLaunch === 'same-tab') {
    browser.assign(link);
  } else if (tab) {
    tab.opener = null;
    tab.location.href = link;
  } else {
    window.open(link, '_blank', 'noopener,noreferrer');
  }
  return true;
}

/** A blank tab opened during the click, when links open in a new tab and must be fetched first. */
export function openBlankTab(): Window | null {
  return env.gameLaunch === 'new-tab' ? window.open('', '_blank') : null;
}
