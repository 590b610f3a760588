import { describe, expect, it } from 'vitest';
import { pageCount, paginationRange } from './pagination-range.ts';

describe('paginationRange', () => {
  it('shows 3 pages before and 1 after the current one', () => {
    expect(paginationRange(6, 10)).toEqual([3, 4, 5, 6, 7]);
  });

  it('clips at the first page', () => {
    expect(paginationRange(1, 10)).toEqual([1, 2]);
    expect(paginationRange(2, 10)).toEqual([1, 2, 3]);
  });

  it('clips at the last page', () => {
    expect(paginationRange(10, 10)).toEqual([7, 8, 9, 10]);
  });

  it('shows the one page of a short statement', () => {
    expect(paginationRange(1, 1)).toEqual([1]);
  });
});

describe('pageCount', () => {
  it('rounds a partial page up and never answers 0', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(95, 10)).toBe(10);
  });
});
