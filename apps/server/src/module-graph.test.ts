import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { docSection } from '../test/doc-section.ts';
import {
  appDeps,
  cycles,
  GRAPH_END,
  GRAPH_START,
  importEdges,
  moduleGraphTable,
  readSources,
  violations,
} from '../test/module-graph.ts';

const SOURCE = fileURLToPath(new URL('./', import.meta.url));
/** The server's sources, read once: the rules and the generated graph both read them. */
const sources = readSources(SOURCE);

describe('the server import graph (docs/architecture.md, Module edges)', () => {
  it('has no cycle between modules or files, one surface a module, one ledger and one provider registry, one status per code', () => {
    expect(sources.length).toBeGreaterThan(300);
    expect(violations(sources)).toEqual([]);
  });

  it('names a planted module cycle and the file cycles, with the rule', () => {
    const found = violations([
      { path: 'modules/a/a.module.ts', text: "import { b } from '../b/b.module.ts';\nexport class A {}" },
      { path: 'modules/b/b.module.ts', text: "import { A } from '../a/a.module.ts';\nexport const b = new A();" },
      // Types alone make a module cycle and a file cycle too: the Core's parts sit below the modules.
      { path: 'modules/c/c.module.ts', text: "import type { D } from '../d/d.module.ts';\nexport type C = D;" },
      { path: 'modules/d/d.module.ts', text: "import type { C } from '../c/c.module.ts';\nexport type D = C;" },
    ]);
    expect(found).toEqual([
      expect.stringMatching(/^Module cycle: a -> b -> a\. Modules depend one way/),
      expect.stringMatching(/^Module cycle: c -> d -> c\. Modules depend one way/),
      expect.stringMatching(
        /^File cycle: modules\/a\/a\.module\.ts -> modules\/b\/b\.module\.ts -> modules\/a\/a\.module\.ts\./,
      ),
      expect.stringMatching(
        /^File cycle: modules\/c\/c\.module\.ts -> modules\/d\/d\.module\.ts -> modules\/c\/c\.module\.ts\./,
      ),
      expect.stringMatching(/^Own classes only: modules\/b\/b\.module\.ts builds a's A\./),
    ]);
  });

  it("names an import of another module's inner file, from a module or the wiring, with the rule", () => {
    const found = violations([
      {
        path: 'modules/qr/qr.service.ts',
        text: "import type { BankFeedRepository } from '../bank-feed/bank-feed.repository.ts';",
      },
      { path: 'app.sandbox.ts', text: "import { SLIP_WINDOW_KEY } from './modules/slip/slip.window.ts';" },
      {
        path: 'modules/qr/qr.module.ts',
        text: "import type { BankFeedModule } from '../bank-feed/bank-feed.module.ts';",
      },
      { path: 'modules/qr/qr.routes.ts', text: "import { qrRoutes } from './qr.service.ts';" },
    ]);
    expect(found).toEqual([
      expect.stringMatching(
        /^One public surface: modules\/qr\/qr\.service\.ts imports modules\/bank-feed\/bank-feed\.repository\.ts\. .*modules\/bank-feed\/bank-feed\.module\.ts/,
      ),
      expect.stringMatching(/^One public surface: app\.sandbox\.ts imports modules\/slip\/slip\.window\.ts\./),
    ]);
  });

  it("names a route declared at a path of its own instead of the contract's", () => {
    const found = violations([
      { path: 'modules/wallet/wallet.routes.ts', text: "route({ method: 'POST', url: '/api/wallet/transfer' });" },
      { path: 'modules/chat/chat.routes.ts', text: 'route({ method: "GET", url: `/backoffice/api/chat/messages` });' },
      { path: 'modules/spin/spin.routes.ts', text: "route({ method: 'GET', url: API.spinActive });" },
      { path: 'sandbox/payout.ts', text: "app.post('/api/webhooks/payout', handler);" },
    ]);
    expect(found).toEqual([
      expect.stringMatching(/^Route paths from the contract: modules\/wallet\/wallet\.routes\.ts declares/),
      expect.stringMatching(/^Route paths from the contract: modules\/chat\/chat\.routes\.ts declares/),
    ]);
  });

  it('names a layer below the modules that imports one', () => {
    const found = violations([
      {
        path: 'core/ledger/ledger.service.ts',
        text: "import type { Bonus } from '../../modules/bonus/bonus.module.ts';",
      },
      { path: 'lib/money.ts', text: "import { x } from '../modules/wallet/wallet.module.ts';" },
      { path: 'core.ts', text: "import { SettingsService } from './core/settings/settings.service.ts';" },
    ]);
    expect(found).toEqual([
      expect.stringMatching(/^Layers: core\/ledger\/ledger\.service\.ts imports modules\/bonus\/bonus\.module\.ts\. /),
      expect.stringMatching(/^Layers: lib\/money\.ts imports modules\/wallet\/wallet\.module\.ts\. /),
    ]);
  });

  it("names a module that builds another module's repository or service, but not its errors", () => {
    const found = violations([
      { path: 'modules/bank-feed/bank-feed.repository.ts', text: 'export class BankFeedRepository {}' },
      { path: 'modules/uploads/picture.ts', text: 'export class InvalidImageError extends Error {}' },
      {
        path: 'modules/bank-feed/bank-feed.module.ts',
        text: "export { BankFeedRepository } from './bank-feed.repository.ts';",
      },
      { path: 'modules/uploads/uploads.module.ts', text: "export { InvalidImageError } from './picture.ts';" },
      {
        path: 'modules/slip/slip.module.ts',
        text: [
          "import { BankFeedRepository } from '../bank-feed/bank-feed.module.ts';",
          "import { InvalidImageError } from '../uploads/uploads.module.ts';",
          'const transfers = new BankFeedRepository();',
          "throw new InvalidImageError('the picture is truncated');",
        ].join('\n'),
      },
    ]);
    expect(found).toEqual([
      expect.stringMatching(
        /^Own classes only: modules\/slip\/slip\.module\.ts builds bank-feed's BankFeedRepository\. /,
      ),
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

  it('shows in docs/architecture.md the graph the code has (npm run docs:graph -w apps/server rewrites it)', () => {
    const doc = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
    const shown = docSection(doc, GRAPH_START, GRAPH_END);
    expect(shown).toBe(moduleGraphTable(sources, readFileSync(`${SOURCE}app.ts`, 'utf8')));
  });

  it("traces each deps property of app.ts's register calls back to the module whose answer it is", () => {
    const app = [
      "import { registerBonuses } from './modules/bonus/bonus.module.ts';",
      "import { registerBankFeed } from './modules/bank-feed/bank-feed.module.ts';",
      "import { registerSlips } from './modules/slip/slip.module.ts';",
      "import { registerWithdrawals } from './modules/withdraw/withdraw.module.ts';",
      'const bonuses = await registerBonuses(app, core);',
      'const bankFeed = registerBankFeed(app, core);',
      'const { transfers } = bankFeed;',
      'registerWithdrawals(app, core, { bonus: bonuses.service });',
      'await registerSlips(app, core, { transfers, verifier: deps.slipVerifier, ask: (x) => auth.check(x) });',
    ].join('\n');
    expect(Object.fromEntries([...appDeps(app)].map(([name, got]) => [name, [...got]]))).toEqual({
      bonus: [],
      'bank-feed': [],
      withdraw: ['bonus'],
      slip: ['bank-feed'],
    });
  });
});
