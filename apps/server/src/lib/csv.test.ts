import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvField, csvRow, csvStream } from './csv.ts';

describe('csv', () => {
  it('quotes fields with commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(123n)).toBe('123');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+66812345678')).toBe("'+66812345678");
    expect(csvField(-5)).toBe('-5');
  });

  it('streams a BOM, the header and CRLF records', async () => {
    async function* items() {
      yield { a: 'สมชาย', b: 1 };
      yield { a: 'x,y', b: 2 };
    }
    const body = await text(csvStream(['name', 'n'], items(), (item) => [item.a, item.b]));
    expect(body).toBe('\uFEFFname,n\r\nสมชาย,1\r\n"x,y",2\r\n');
    expect(csvRow(['a', 'b'])).toBe('a,b\r\n');
  });
});
