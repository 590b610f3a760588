import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO, expect, type Locale, type Page, test, text } from '../fixtures.ts';

/**
 * Thai and Lao stack vowels and tone marks above and below the consonant. A line box shorter than the stack
 * cuts them off wherever the text sits in an `overflow: hidden` box (Tailwind's `truncate`, cards, dialogs),
 * so every font size the app uses, at the line-height the app's CSS gives it, must hold the tallest stacks.
 */
const SOURCE_DIR = fileURLToPath(new URL('../../apps/web/src/', import.meta.url));

const SAMPLES: Record<'th' | 'lo', string> = {
  th: 'ปู่ย่าตายายที่นี่ก็น้ำใจ กี่ปี่ ฟุ้งซ่าน ญี่ปุ่น ฐูฎูฏุ ผู้ใหญ่ ฝั่ง ฤๅษี',
  lo: 'ຂໍ້ມູນ ຜູ້ໃຊ້ ເຂົ້າສູ່ລະບົບ ນ້ຳໃຈ ປີ້ ສູ້ ຫຼື ໂຫຼດ ປິ່ນ ແຈ້ງເຕືອນ ຍົກເລີກ',
};
const SCRIPTS = Object.keys(SAMPLES) as ('th' | 'lo')[];

/** The least line-height, in ems, at which each script's marks clear the line box (DESIGN.md section 6). */
const LINE_HEIGHT_MIN: Record<'th' | 'lo', number> = { th: 1.5, lo: 1.6 };

const TYPOGRAPHY_TOKEN =
  /^(text-(xs|sm|base|lg|\d?xl)|leading-[\w-]+|font-(thin|light|normal|medium|semibold|bold|black)|truncate)$/;
const INTRINSIC = new Set(['p', 'span', 'div', 'h1', 'h2', 'h3', 'label', 'a', 'li', 'strong', 'small', 'button']);

interface Style {
  tag: string;
  classes: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Every element of the app's source that sets a font size, reduced to its tag and typography classes, plus
 * plain body text. Reading the source rather than a list keeps a new size from slipping past the test.
 */
function stylesInSource(): Style[] {
  const found = new Map<string, Style>([['div:', { tag: 'div', classes: '' }]]);
  const element = /<([A-Za-z][\w.]*)\b[^<>]*?className=\{?[`'"]([^`'"]*)/g;
  for (const file of sourceFiles(SOURCE_DIR)) {
    for (const [, tag = 'div', className = ''] of readFileSync(file, 'utf8').matchAll(element)) {
      const tokens = className.split(/[\s`${}]+/).filter((token) => TYPOGRAPHY_TOKEN.test(token));
      if (!tokens.some((token) => token.startsWith('text-'))) continue;
      const style = { tag: INTRINSIC.has(tag) ? tag : 'div', classes: tokens.sort().join(' ') };
      found.set(`${style.tag}:${style.classes}`, style);
    }
  }
  return [...found.values()];
}

async function openInLocale(page: Page, locale: Locale, path = '/login') {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** How many pixels differ between two PNG screenshots of the same size, decoded by the browser. */
async function differentPixels(page: Page, first: Buffer, second: Buffer): Promise<number> {
  return page.evaluate(
    async ([a, b]) => {
      const decode = async (base64: string) => {
        // The app's CSP forbids fetching data: URLs, so the bytes are decoded by hand.
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      };
      const [left, right] = await Promise.all([decode(a), decode(b)]);
      if (left.length !== right.length) return Number.POSITIVE_INFINITY;
      let count = 0;
      for (let index = 0; index < left.length; index += 4) {
        if (
          left[index] !== right[index] ||
          left[index + 1] !== right[index + 1] ||
          left[index + 2] !== right[index + 2]
        ) {
          count += 1;
        }
      }
      return count;
    },
    [first.toString('base64'), second.toString('base64')] as const,
  );
}

for (const script of SCRIPTS) {
  test.describe(`stacked vowels and tone marks in ${script}`, () => {
    // Wide enough for the largest size on one line; the app's own layout is hidden under the probe.
    test.use({ uiLocale: script, viewport: { width: 2400, height: 1000 } });

    test(`are never clipped in ${script} at any font size the app uses`, async ({ page }) => {
      await openInLocale(page, script);
      const styles = stylesInSource();
      expect(styles.length).toBeGreaterThan(5);

      await page.evaluate(
        ({ styles, sample }) => {
          document.getElementById('root')?.setAttribute('hidden', '');
          const probe = document.createElement('div');
          probe.id = 'typography-probe';
          for (const [index, style] of styles.entries()) {
            // Generous padding shows any ink that leaves the line box; the inner box is the line box itself.
            const frame = document.createElement('div');
            frame.dataset.row = String(index);
            frame.style.cssText = 'padding: 48px; background: #fff; width: max-content;';
            const line = document.createElement(style.tag);
            line.className = style.classes;
            line.textContent = sample;
            line.style.cssText =
              'display: block; white-space: nowrap; width: max-content; padding: 0 0.5em; margin: 0; border: 0; background: none;';
            frame.append(line);
            probe.append(frame);
          }
          document.body.append(probe);
        },
        { styles, sample: SAMPLES[script] },
      );
      await page.evaluate(() => document.fonts.ready);
      const family = script === 'th' ? 'Noto Sans Thai' : 'Noto Sans Lao';
      expect(await page.evaluate((name) => document.fonts.check(`16px "${name}"`), family)).toBe(true);
      const loaded = await page.evaluate(() => {
        const families: string[] = [];
        document.fonts.forEach((face) => {
          if (face.status === 'loaded') families.push(face.family);
        });
        return families;
      });
      expect(loaded.map((name) => name.replace(/"/g, ''))).toContain(family);

      const clipped: string[] = [];
      for (const [index, style] of styles.entries()) {
        const frame = page.locator(`#typography-probe > [data-row="${index}"]`);
        const line = frame.locator(':scope > *');
        await line.evaluate((node: HTMLElement) => (node.style.overflow = 'visible'));
        const visible = await frame.screenshot({ animations: 'disabled', caret: 'hide' });
        await line.evaluate((node: HTMLElement) => (node.style.overflow = 'hidden'));
        const hidden = await frame.screenshot({ animations: 'disabled', caret: 'hide' });
        if (visible.equals(hidden)) continue;
        const metrics = await line.evaluate((node) => {
          const computed = getComputedStyle(node);
          return `${computed.fontSize} / line-height ${computed.lineHeight}`;
        });
        const pixels = await differentPixels(page, visible, hidden);
        // Both screenshots stay in the test's output folder for a look at what was cut.
        const stem = `${style.tag}-${style.classes.replace(/\W+/g, '-')}`;
        writeFileSync(test.info().outputPath(`${stem}-visible.png`), visible);
        writeFileSync(test.info().outputPath(`${stem}-clipped.png`), hidden);
        clipped.push(`<${style.tag} class="${style.classes}"> ${metrics}: ${pixels} clipped pixels`);
      }
      expect(clipped, `clipped ${script} marks`).toEqual([]);
    });
  });
}

/** Reads, on the screen shown, every single-line clipping box (`truncate`) that holds text. */
async function truncatedLineHeights(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((node) => {
        const style = getComputedStyle(node);
        return style.overflowY === 'hidden' && style.whiteSpace === 'nowrap' && node.textContent?.trim();
      })
      .map((node) => {
        const style = getComputedStyle(node);
        return {
          text: node.textContent?.trim().slice(0, 40),
          ratio: Number.parseFloat(style.lineHeight) / Number.parseFloat(style.fontSize),
        };
      }),
  );
}

for (const script of SCRIPTS) {
  test.describe(`line-heights in ${script}`, () => {
    test.use({ uiLocale: script });
    test(`body and truncated lines in ${script} keep a line-height of at least ${LINE_HEIGHT_MIN[script]}`, async ({
      page,
    }) => {
      await openInLocale(page, script);
      const body = await page.evaluate(() => {
        const style = getComputedStyle(document.body);
        return Number.parseFloat(style.lineHeight) / Number.parseFloat(style.fontSize);
      });
      expect(body).toBeGreaterThanOrEqual(LINE_HEIGHT_MIN[script]);

      const seen: { route: string; text?: string; ratio: number }[] = [];
      for (const route of ['/login', '/register', '/howto', '/contact', '/no/such/page']) {
        await page.goto(route);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        seen.push(...(await truncatedLineHeights(page)).map((found) => ({ route, ...found })));
      }
      await page.goto('/login');
      await page.getByLabel(text(script, 'auth.username'), { exact: true }).fill(DEMO.phone);
      await page.getByLabel(text(script, 'auth.password'), { exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: text(script, 'auth.submit') }).click();
      await expect(page).toHaveURL(/\/user\/home$/);
      for (const route of ['/user/home', '/user/contact']) {
        await page.goto(route);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        seen.push(...(await truncatedLineHeights(page)).map((found) => ({ route, ...found })));
      }
      expect(seen.length, 'the brand name is truncated on every screen').toBeGreaterThan(0);
      expect(seen.filter((found) => found.ratio < LINE_HEIGHT_MIN[script] - 0.001)).toEqual([]);
    });
  });
}
