import { describe, expect, it, vi } from 'vitest';

/** navigation.ts as the entry finds it: no router mounted yet. */
async function freshNavigation() {
  vi.resetModules();
  return import('./navigation.ts');
}

describe('navigation before the router is mounted', () => {
  // Before, it was a page load, which dropped the "session ended" toast the refused call had just raised.
  it('waits, and the router takes it when it mounts', async () => {
    const { navigateTo, setNavigate } = await freshNavigation();
    navigateTo('/login');
    const navigate = vi.fn();
    setNavigate(navigate);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('keeps only the last one asked for, and a router mounted again does not repeat it', async () => {
    const { navigateTo, setNavigate } = await freshNavigation();
    navigateTo('/login');
    navigateTo('/terminated');
    const first = vi.fn();
    setNavigate(first);
    expect(first.mock.calls).toEqual([['/terminated']]);

    const again = vi.fn();
    setNavigate(again);
    expect(again).not.toHaveBeenCalled();
    navigateTo('/login');
    expect(again).toHaveBeenCalledExactlyOnceWith('/login');
  });
});
