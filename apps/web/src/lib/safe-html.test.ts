import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './safe-html.ts';

describe('sanitizeHtml', () => {
  it('keeps text formatting and lists', () => {
    expect(sanitizeHtml('<p>Turnover <b>3x</b></p><ul><li>one</li></ul>')).toBe(
      '<p>Turnover <b>3x</b></p><ul><li>one</li></ul>',
    );
  });

  it('drops scripts, handlers, styles and unsafe links', () => {
    const out = sanitizeHtml(
      '<p onclick="x()" style="color:red">hi<script>alert(1)</script><img src=x onerror=alert(1)></p><a href="javascript:alert(1)">a</a>',
    );
    expect(out).toBe('<p>hi</p><a>a</a>');
  });

  it('keeps http links, opened apart from the app', () => {
    expect(sanitizeHtml('<a href="https://example.test/t">terms</a>')).toBe(
      '<a href="https://example.test/t" target="_blank" rel="noopener noreferrer">terms</a>',
    );
  });
});
