import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Excel reads a file as UTF-8 (Thai names intact) only when it starts with this byte-order mark. */
export const UTF8_BOM = '\uFEFF';

/** A cell that starts with one of these is a formula to a spreadsheet: member-written text must not be one. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. Text that
 * a spreadsheet would run as a formula (a member could name themselves `=HYPERLINK(…)`) gets a leading `'`.
 */
export function csvField(value: string | number | bigint | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, CRLF-terminated as RFC 4180 says. */
export function csvRow(values: readonly (string | number | bigint | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * A CSV document as a stream: the BOM and header row first, then a record per item as the source yields
 * it, so an export of any size never sits whole in memory.
 */
export function csvStream<T>(
  header: readonly string[],
  items: AsyncIterable<T>,
  toRow: (item: T) => readonly (string | number | bigint | null | undefined)[],
): Readable {
  async function* lines() {
    yield UTF8_BOM + csvRow(header);
    for await (const item of items) yield csvRow(toRow(item));
  }
  return Readable.from(lines());
}

/**
 * Sends a CSV stream as a download named `name`. A stream, not a JSON value: Fastify pipes it as it is (a
 * route's response schema only describes it to the docs), hence the cast for the route's typed answer.
 */
export function sendCsv(reply: FastifyReply, name: string, rows: Readable): string {
  const sent = reply
    .type('text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(rows);
  return sent as unknown as string;
}
