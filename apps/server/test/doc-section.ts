import { readFileSync, writeFileSync } from 'node:fs';

/** The part of a document between two markers, both included (a generated section), or undefined without them. */
export function docSection(text: string, start: string, end: string): string | undefined {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  return from < 0 || to < from ? undefined : text.slice(from, to + end.length);
}

/** Rewrites a document's generated section (markers included) with `section`; the markers must be there. */
export function rewriteDocSection(path: string, start: string, end: string, section: string): void {
  const text = readFileSync(path, 'utf8');
  const shown = docSection(text, start, end);
  if (shown === undefined) throw new Error(`${path} has no generated section marked ${start}`);
  writeFileSync(
    path,
    text.replace(shown, () => section),
  );
}
