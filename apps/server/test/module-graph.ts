import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import ts from 'typescript';

/**
 * The server's import graph, read from its source files (tests left out), and the rules the build holds it to
 * (docs/architecture.md, Module edges): no cycle between modules (by their run-time imports) or between files (by
 * any import), and one ledger and one provider registry, built in the Core.
 */

/** One import (or re-export) of a file by another, both paths relative to the source root. */
export interface ImportEdge {
  from: string;
  to: string;
  /** `import type`, or every name imported is a type: gone at run time. */
  typeOnly: boolean;
}

export interface SourceFile {
  path: string;
  text: string;
}

/** Every `.ts` file under `root` but tests, with its text. */
export function readSources(root: string): SourceFile[] {
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
    });
  return walk(root).map((path) => ({
    path: relative(root, path).split('\\').join('/'),
    text: readFileSync(path, 'utf8'),
  }));
}

function typeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import './x.ts'`: run for its effect.
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    clause.name === undefined &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

function typeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    clause !== undefined &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((e) => e.isTypeOnly)
  );
}

/** The relative imports of each file: static imports, re-exports and `import()` (a run-time edge). */
export function importEdges(files: readonly SourceFile[]): ImportEdge[] {
  return files.flatMap(({ path, text }) => {
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const edges: ImportEdge[] = [];
    const add = (specifier: ts.Expression | undefined, typeOnly: boolean) => {
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return;
      edges.push({ from: path, to: posix.normalize(posix.join(posix.dirname(path), specifier.text)), typeOnly });
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, typeOnlyImport(node));
      else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, typeOnlyExport(node));
      else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
        add(node.arguments[0], false);
      else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
        add(node.argument.literal as ts.Expression, true);
      ts.forEachChild(node, visit);
    };
    visit(source);
    return edges;
  });
}

/** The module a file belongs to (`modules/<name>/...`), or undefined for the Core, lib, db, http and the rest. */
export function moduleOf(path: string): string | undefined {
  return /^modules\/([^/]+)\//.exec(path)?.[1];
}

/** Nodes that reach each other (a strongly connected component), and one closed path through them. */
export interface Cycle {
  path: string[];
  members: string[];
}

/**
 * The cycles of a directed graph: one per strongly connected component of more than one node (or a node that
 * reaches itself), each given as a path that starts and ends at the same node, and all the nodes tangled in it.
 */
export function cycles(edges: ReadonlyMap<string, ReadonlySet<string>>): Cycle[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const connect = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || edges.get(node)?.has(node)) components.push(component);
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);
  return components.map((component) => ({
    path: pathWithin(edges, new Set(component)),
    members: [...component].sort(),
  }));
}

/** A closed path through a component, from its first node in sort order back to it (breadth first). */
function pathWithin(edges: ReadonlyMap<string, ReadonlySet<string>>, component: ReadonlySet<string>): string[] {
  const start = [...component].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of [...(edges.get(node) ?? [])].sort()) {
      if (!component.has(to)) continue;
      if (to === start) {
        const back: string[] = [];
        for (let at: string | undefined = node; at !== undefined; at = cameFrom.get(at)) back.push(at);
        return [...back.reverse(), start];
      }
      if (!cameFrom.has(to) && to !== start) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

function graphOf(pairs: Iterable<[string, string]>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [from, to] of pairs) {
    if (!graph.has(from)) graph.set(from, new Set());
    if (!graph.has(to)) graph.set(to, new Set());
    graph.get(from)!.add(to);
  }
  return graph;
}

/** The rules' findings: each a message saying what is wrong, where, and what to do instead. */
export function violations(files: readonly SourceFile[]): string[] {
  const edges = importEdges(files);
  const found: string[] = [];
  // Between modules, the run-time imports: a type a module names of another is no call (the tangle of types
  // between the Core's own modules, settings, operator, account, person and safer play, is the next to untie).
  const moduleEdges = edges.flatMap(({ from, to, typeOnly }): [string, string][] => {
    if (typeOnly) return [];
    const a = moduleOf(from);
    const b = moduleOf(to);
    return a && b && a !== b ? [[a, b]] : [];
  });
  const tangled = (cycle: Cycle) =>
    cycle.members.length > 2 ? ` (all of ${cycle.members.join(', ')} reach each other)` : '';
  for (const cycle of cycles(graphOf(moduleEdges))) {
    found.push(
      `Module cycle: ${cycle.path.join(' -> ')}${tangled(cycle)}. Modules depend one way: what two modules both need moves to the one ` +
        'registered first, the Core or lib/, and the later one gets it in its deps from app.ts (docs/architecture.md, Module edges).',
    );
  }
  for (const cycle of cycles(graphOf(edges.map(({ from, to }) => [from, to])))) {
    found.push(
      `File cycle: ${cycle.path.join(' -> ')}${tangled(cycle)}. Files import one way: split out what the two share (docs/architecture.md, Module edges).`,
    );
  }
  const single: [RegExp, string][] = [
    [/\bnew LedgerService\(/, 'LedgerService'],
    [/\bnew ProviderRegistry\(/, 'ProviderRegistry'],
  ];
  for (const [pattern, name] of single) {
    for (const { path } of files.filter(({ path, text }) => path !== 'core.ts' && pattern.test(text))) {
      found.push(
        `One ${name}: ${path} builds its own. The Core builds the one (core.ts); a module takes core.${name === 'LedgerService' ? 'ledger' : 'providers'}, ` +
          "a script the Core's factory, and a caller at another time passes `at` (docs/architecture.md, Module edges).",
      );
    }
  }
  const socketServer = ({ text }: SourceFile) => /from 'socket\.io'/.test(text) && /\bnew Server\(/.test(text);
  for (const { path } of files.filter((file) => socketServer(file) && file.path !== 'http/realtime.ts')) {
    found.push(
      `One realtime server: ${path} makes a Socket.IO server of its own. The app has one, http/realtime.ts's, on ` +
        'its HTTP server; a feature plugs its namespace into it (docs/architecture.md, Module edges).',
    );
  }
  for (const { path } of files.filter(
    ({ path, text }) => /\bnew AnsweredError\(/.test(text) && !answersAsAParty(path),
  )) {
    found.push(
      `One status per code: ${path} answers an error with a status of its own (AnsweredError). A code is answered ` +
        "with its one status (the contract's ERROR_STATUS); only a replayed first answer and a party's own " +
        'protocol (the sandbox parties, our webhooks) choose theirs (docs/architecture.md, Module edges).',
    );
  }
  return found;
}

/** Where an answer's status is not ours to choose: a replay, the sandbox parties, the parties' webhooks. */
const PARTY_ANSWERS = [
  'modules/ledger/idempotency.service.ts',
  'modules/qr/qr.routes.ts',
  'modules/qr/kbank.routes.ts',
  'modules/withdraw/withdraw.routes.ts',
];

function answersAsAParty(path: string): boolean {
  return path.startsWith('sandbox/') || PARTY_ANSWERS.includes(path);
}
