import { describe, expect, it } from 'vitest';
import { SandboxAdapters, sandboxLabel } from './sandbox-label.ts';

/** The rule of the sandbox signal (docs/parties/README.md, The sandbox label), party by party. */
describe('SandboxAdapters', () => {
  it('is active iff SANDBOX is on and an adapter was marked or a probe says so', async () => {
    const real = { name: 'a real party' };
    const sandbox = { name: 'a sandbox party' };
    const adapters = new SandboxAdapters(true);
    expect(await adapters.active()).toBe(false);
    let providerIsSandbox = false;
    adapters.probe(async () => providerIsSandbox);
    expect(await adapters.active()).toBe(false);
    providerIsSandbox = true;
    expect(await adapters.active()).toBe(true);
    providerIsSandbox = false;
    expect(adapters.mark(sandbox)).toBe(sandbox);
    expect(await adapters.active()).toBe(true);
    expect(adapters.isSandbox(sandbox)).toBe(true);
    expect(adapters.isSandbox(real)).toBe(false);
  });

  it('is never active with SANDBOX off, whatever was marked', async () => {
    const adapters = new SandboxAdapters(false);
    adapters.mark({});
    adapters.probe(async () => true);
    expect(await adapters.active()).toBe(false);
  });

  it('labels an answer with true, or leaves it without the key', () => {
    expect(sandboxLabel(true)).toEqual({ sandbox: true });
    expect(sandboxLabel(false)).toEqual({});
  });
});
