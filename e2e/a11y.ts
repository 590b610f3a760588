import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './fixtures.ts';

/** WCAG 2.2 level A and AA; `wcag22aa` turns on axe's `target-size` rule (2.5.8, 24 px). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Rules of axe's WCAG tags that axe leaves off as experimental, which a screen can ask for:
 * `label-content-name-mismatch` is WCAG 2.5.3 (Label in Name: a control's accessible name contains its visible text).
 */
export type ExperimentalRule = 'label-content-name-mismatch';

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation. The failure message
 * lists every violation (of any impact) with the selectors of its targets, so one run shows all there is.
 */
export async function expectNoAxeViolations(
  page: Page,
  screen: string,
  experimental: readonly ExperimentalRule[] = [],
): Promise<void> {
  await settleMotion(page);
  const rules = Object.fromEntries(experimental.map((rule) => [rule, { enabled: true }]));
  const results = await new AxeBuilder({ page })
    // axe.run in the page itself. The default also opens a blank page per scan to merge the results of
    // cross-origin frames, which neither app has: a scan took about 1 s that way, 0.3 s this way.
    .setLegacyMode()
    .withTags([...WCAG_TAGS])
    .options({ rules })
    .analyze();
  const lines = results.violations.flatMap((violation) => [
    `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`,
    ...violation.nodes.map(
      (node) => `    ${node.target.join(' ')}  ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
    ),
  ]);
  const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  if (lines.length > 0) test.info().annotations.push({ type: 'axe', description: `${screen}:\n${lines.join('\n')}` });
  expect(
    blocking.map((violation) => violation.id),
    `axe on ${screen}:\n${lines.join('\n')}`,
  ).toEqual([]);
}

/**
 * Waits for the page's finite CSS transitions and animations to end (a spinner's endless one, and a paused one, excepted): a button
 * caught halfway through a colour transition has a contrast it never rests at, which axe would measure on a
 * slow machine.
 */
async function settleMotion(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

export interface TargetSize {
  /** A short CSS-like description of the target: tag, id, name, text. */
  target: string;
  width: number;
  height: number;
  /** Why a target under 44 px passes, when it does. */
  exemption: 'inline' | 'user-agent' | null;
}

/** Controls a pointer can hit. Checkboxes and radios are measured through their label (see below). */
const INTERACTIVE =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, video[controls], [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';

/**
 * Measures every visible interactive target on the page.
 *
 * - A checkbox or radio inside a `<label>` (or named by `label[for]`) is measured as the label's box: a click
 *   anywhere on the label toggles it, so the label is the target (the 20 px box itself is not the target size).
 * - An element that is visually hidden until focused (the skip link, `sr-only`) is focused and then measured,
 *   because that is when a pointer can reach it.
 * - Exemptions (WCAG 2.2 success criterion 2.5.8 and its AAA sibling 2.5.5):
 *   `inline`: a target inside a sentence, whose size is set by the line height of the text around it. We grant
 *   it only to an element whose own `display` is `inline` and whose nearest block ancestor holds other visible
 *   words besides the target; a link alone on its line is not "in a sentence".
 *   `user-agent`: a control drawn wholly by the browser and not restyled by the author (the video player's
 *   own controls are inside the `<video>` element, which we count as one large target).
 */
export async function measureTargets(page: Page): Promise<TargetSize[]> {
  return page.evaluate((selector) => {
    const describe = (node: Element): string => {
      const id = node.id ? `#${node.id}` : '';
      const name = node.getAttribute('name') ? `[name=${node.getAttribute('name')}]` : '';
      const label = node.getAttribute('aria-label') ?? (node.textContent ?? '').trim().slice(0, 40);
      return `${node.tagName.toLowerCase()}${id}${name}${label ? ` "${label}"` : ''}`;
    };
    const measure = (html: HTMLElement): TargetSize | null => {
      const style = getComputedStyle(html);
      if (style.visibility === 'hidden' || style.display === 'none' || html.closest('[inert], [hidden]')) return null;
      // A checkbox or radio is hit through its label.
      const input = html instanceof HTMLInputElement && ['checkbox', 'radio'].includes(html.type) ? html : null;
      const label = input ? (input.closest('label') ?? input.labels?.[0] ?? null) : null;
      const measured: Element = label ?? html;
      // The `sr-only` pattern: clipped to nothing (its padding may still give it a box), or a 1 px box.
      const clipped = (box: DOMRect) => {
        const now = getComputedStyle(html);
        return (
          now.clipPath.startsWith('inset(50%') ||
          /rect\(0px,? 0px,? 0px,? 0px\)/.test(now.clip) ||
          box.width <= 1 ||
          box.height <= 1
        );
      };
      let box = measured.getBoundingClientRect();
      if (clipped(box) && html.tabIndex >= 0) {
        const before = document.activeElement;
        html.focus();
        box = measured.getBoundingClientRect();
        const stillClipped = clipped(box);
        if (before instanceof HTMLElement) before.focus();
        else html.blur();
        if (stillClipped) return null;
      } else if (clipped(box)) {
        return null;
      }
      let exemption: TargetSize['exemption'] = null;
      if (style.display === 'inline') {
        let block = html.parentElement;
        while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
        // Only the words that flow on the same lines as the target: text of inline descendants of its block.
        const flowText = (node: Node): string =>
          Array.from(node.childNodes)
            .map((child) => {
              if (child === html) return '';
              if (child.nodeType === Node.TEXT_NODE) return child.textContent ?? '';
              return child instanceof Element && getComputedStyle(child).display === 'inline' ? flowText(child) : '';
            })
            .join('');
        if (block && flowText(block).trim().length > 0) exemption = 'inline';
      }
      if (html instanceof HTMLVideoElement) exemption = 'user-agent';
      return {
        target: `${describe(html)}${label ? ' (via its label)' : ''}`,
        width: Math.round(box.width * 10) / 10,
        height: Math.round(box.height * 10) / 10,
        exemption,
      };
    };
    return Array.from(document.querySelectorAll<HTMLElement>(selector)).flatMap((html) => {
      const size = measure(html);
      return size ? [size] : [];
    });
  }, INTERACTIVE);
}

/** The minimum we hold every target to (WCAG 2.5.5 AAA, Apple and Android guidance). */
export const TARGET_MIN_PX = 44;
/** The hard floor of WCAG 2.2 success criterion 2.5.8 (AA); no exemption goes below it here. */
export const TARGET_FLOOR_PX = 24;

/**
 * Fails when a target is under 24 px, or under 44 px without an exemption. Every target under 44 px is
 * reported in the message (and as a test annotation), exempt or not.
 */
export async function expectTargetSizes(page: Page, screen: string): Promise<void> {
  const sizes = await measureTargets(page);
  const small = sizes.filter((size) => size.width < TARGET_MIN_PX || size.height < TARGET_MIN_PX);
  const report = small.map(
    (size) => `    ${size.target}: ${size.width}x${size.height}${size.exemption ? ` (exempt: ${size.exemption})` : ''}`,
  );
  if (small.length > 0) {
    test.info().annotations.push({ type: 'small targets', description: `${screen}:\n${report.join('\n')}` });
  }
  const failing = small.filter(
    (size) =>
      size.exemption !== 'user-agent' &&
      (size.width < TARGET_FLOOR_PX || size.height < TARGET_FLOOR_PX || size.exemption === null),
  );
  expect(
    failing.map((size) => size.target),
    `targets under ${TARGET_MIN_PX} px on ${screen}:\n${report.join('\n')}`,
  ).toEqual([]);
}

/**
 * Waits for running transitions to end (spinners, which never end, excepted): a button that has just left its
 * disabled state fades its colours for 150 ms, and axe sampling it halfway reports a contrast no one sees.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Both gates on the current screen. */
export async function expectAccessible(
  page: Page,
  screen: string,
  experimental: readonly ExperimentalRule[] = [],
): Promise<void> {
  await settle(page);
  await expectNoAxeViolations(page, screen, experimental);
  await expectTargetSizes(page, screen);
}
