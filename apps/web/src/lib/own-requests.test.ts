import { describe, expect, it } from 'vitest';
import { forgetOwnRequests, isOwnRequest, noteOwnRequest } from './own-requests.ts';

describe('own requests', () => {
  it("holds a request this tab made for 30 s, by its kind, and forgets it on a new page's state", () => {
    const at = Date.UTC(2026, 10, 26, 3, 0, 0);
    noteOwnRequest('transfer', at);
    expect(isOwnRequest('transfer', at + 29_999)).toBe(true);
    expect(isOwnRequest('transfer', at + 30_000)).toBe(false);
    expect(isOwnRequest('withdraw', at + 1)).toBe(false);
    // A clock set back is no reason to silence news.
    expect(isOwnRequest('transfer', at - 1)).toBe(false);
    forgetOwnRequests();
    expect(isOwnRequest('transfer', at + 1)).toBe(false);
  });
});
