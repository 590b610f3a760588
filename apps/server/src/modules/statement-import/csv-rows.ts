/**
 * The rows of a CSV text (RFC 4180): cells split on commas, a quoted cell may hold commas, doubled quotes and line
 * breaks. Each row is numbered as a spreadsheet numbers it (1-based, a row whose cell spans lines is one row),
 * which is how an operator finds the row a refusal names. A line break is CRLF, LF or CR.
 */
export interface CsvRow {
  row: number;
  cells: string[];
}

/** Thrown for a quote that is never closed, or text after a closing quote: the file is no CSV. */
export class CsvSyntaxError extends Error {
  override name = 'CsvSyntaxError';

  constructor(readonly row: number) {
    super(`CSV syntax error in row ${row}`);
  }
}

export function csvRows(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let afterQuote = false;
  const endRow = () => {
    cells.push(cell);
    rows.push({ row: rows.length + 1, cells });
    cells = [];
    cell = '';
    afterQuote = false;
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else {
        quoted = false;
        afterQuote = true;
      }
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      afterQuote = false;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRow();
    } else if (afterQuote) {
      throw new CsvSyntaxError(rows.length + 1);
    } else if (char === '"' && cell === '') {
      quoted = true;
    } else {
      cell += char;
    }
  }
  if (quoted) throw new CsvSyntaxError(rows.length + 1);
  // A last row without a line break after it.
  if (cell !== '' || cells.length > 0 || afterQuote) endRow();
  return rows;
}
