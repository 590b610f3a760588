import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, importEdges, readSources, violations } from '../test/module-graph.ts';

const SOURCE = fileURLToPath(new URL('./', import.meta.url));

describe('the server import graph (docs/architecture.md, Module edges)', () => {
  it('has no cycle between modules or files, one ledger and one provider registry, one status per code', () => {
    const files = readSources(SOURCE);
    expect(files.length).toBeGreaterThan(300);
    expect(violations(files)).toEqual([]);
  });

  it('names a planted module cycle and the file cycles, with the rule', () => {
    const found = violations([
      { path: 'modules/a/a.service.ts', text: "import { b } from '../b/b.service.ts';\nexport class A {}" },
      { path: 'modules/b/b.service.ts', text: "import { A } from '../a/a.service.ts';\nexport const b = new A();" },
      // Types alone make no module cycle, but do make a file cycle.
      { path: 'modules/c/c.ts', text: "import type { D } from '../d/d.ts';\nexport type C = D;" },
      { path: 'modules/d/d.ts', text: "import type { C } from '../c/c.ts';\nexport type D = C;" },
    ]);
    expect(found).toEqual([
      expect.stringMatching(/^Module cycle: a -> b -> a\. Modules depend one way/),
      expect.stringMatching(
        /^File cycle: modules\/a\/a\.service\.ts -> modules\/b\/b\.service\.ts -> modules\/a\/a\.service\.ts\./,
      ),
      expect.stringMatching(/^File cycle: modules\/c\/c\.ts -> modules\/d\/d\.ts -> modules\/c\/c\.ts\./),
    ]);
  });

  it('names a cycle of files within a module, through a re-export and an import()', () => {
    const found = violations([
      { path: 'modules/a/a.module.ts', text: "export { x } from './a.routes.ts';" },
      { path: 'modules/a/a.routes.ts', text: "export const x = 1;\nconst later = () => import('./a.module.ts');" },
      { path: 'lib/free.ts', text: "import './other.ts';" },
      { path: 'lib/other.ts', text: 'export {};' },
    ]);
    expect(found).toEqual([
      expect.stringMatching(
        /^File cycle: modules\/a\/a\.module\.ts -> modules\/a\/a\.routes\.ts -> modules\/a\/a\.module\.ts\./,
      ),
    ]);
  });

  it('names a second ledger or provider registry built outside the Core', () => {
    const found = violations([
      { path: 'core.ts', text: 'const ledger = new LedgerService({});\nconst providers = new ProviderRegistry({});' },
      { path: 'modules/games/games.module.ts', text: 'const ledger = new LedgerService({ clock });' },
      { path: 'modules/bonus/bonus.module.ts', text: 'const registry = new ProviderRegistry(options);' },
    ]);
    expect(found).toEqual([
      expect.stringMatching(/^One LedgerService: modules\/games\/games\.module\.ts builds its own\. .*core\.ledger/),
      expect.stringMatching(
        /^One ProviderRegistry: modules\/bonus\/bonus\.module\.ts builds its own\. .*core\.providers/,
      ),
    ]);
  });

  it('names an error answered with a status of its own outside a replay or a party protocol', () => {
    const found = violations([
      { path: 'modules/wallet/wallet.service.ts', text: "throw new AnsweredError('NO_GAME', 502);" },
      { path: 'sandbox/payout.routes.ts', text: "throw new AnsweredError('KEY_INVALID', 409);" },
      { path: 'modules/qr/qr.routes.ts', text: "throw new AnsweredError('UNAUTHORIZED', 401);" },
    ]);
    expect(found).toEqual([
      expect.stringMatching(/^One status per code: modules\/wallet\/wallet\.service\.ts answers an error/),
    ]);
  });

  it('names a Socket.IO server made outside http/realtime.ts', () => {
    const server = "import { Server } from 'socket.io';\nconst io = new Server(app.server);";
    const found = violations([
      { path: 'http/realtime.ts', text: server },
      { path: 'modules/chat/chat.socket.ts', text: server },
      { path: 'modules/live/live.socket.ts', text: "import type { Server } from 'socket.io';\nio.of('/member');" },
    ]);
    expect(found).toEqual([
      expect.stringMatching(/^One realtime server: modules\/chat\/chat\.socket\.ts makes a Socket\.IO server/),
    ]);
  });

  it('tells type-only imports from run-time ones', () => {
    const edges = importEdges([
      {
        path: 'modules/a/a.ts',
        text: [
          "import type { T } from './t.ts';",
          "import { type U, type V } from './u.ts';",
          "import { type W, w } from './w.ts';",
          "import x from './x.ts';",
          "export type { Y } from './y.ts';",
          "export * from './z.ts';",
          "import { z } from 'zod';",
          "type Q = import('./q.ts').Q;",
        ].join('\n'),
      },
    ]);
    expect(edges.map(({ to, typeOnly }) => `${to} ${typeOnly ? 'type' : 'run-time'}`)).toEqual([
      'modules/a/t.ts type',
      'modules/a/u.ts type',
      'modules/a/w.ts run-time',
      'modules/a/x.ts run-time',
      'modules/a/y.ts type',
      'modules/a/z.ts run-time',
      'modules/a/q.ts type',
    ]);
  });

  it('finds each cycle once, as a closed path, and none in a graph without one', () => {
    const graph = (pairs: string) => {
      const map = new Map<string, Set<string>>();
      for (const pair of pairs.split(' ')) {
        const [from, to] = pair.split('>') as [string, string];
        map.set(from, (map.get(from) ?? new Set()).add(to));
        if (!map.has(to)) map.set(to, new Set());
      }
      return map;
    };
    expect(cycles(graph('a>b b>c a>c'))).toEqual([]);
    expect(cycles(graph('a>b b>c c>a c>d d>d e>a b>a'))).toEqual([
      { path: ['d', 'd'], members: ['d'] },
      { path: ['a', 'b', 'a'], members: ['a', 'b', 'c'] },
    ]);
  });
});
