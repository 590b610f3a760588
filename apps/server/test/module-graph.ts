import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import ts from 'typescript';

/**
 * The server's import graph, read from its source files (tests left out), and the rules the build holds it to
 * (docs/architecture.md, Module edges): no cycle between modules or between files, each module reached through its
 * module file only, the layers below the modules importing none, and one ledger and one provider registry, built
 * in the Core.
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
  // Between modules, every import: the Core's parts (core/) sit below the modules, so not even a type points up.
  const moduleEdges = edges.flatMap(({ from, to }): [string, string][] => {
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
  found.push(...surfaceViolations(files, edges));
  for (const { path } of files.filter(({ path, text }) => /\.routes\.ts$/.test(path) && LITERAL_API_URL.test(text))) {
    found.push(
      `Route paths from the contract: ${path} declares a route at a path of its own. Its url is the contract's ` +
        '(API, API_ROUTES or WEBHOOKS of api-paths.ts, BACKOFFICE_API), the one the apps call (docs/architecture.md, Module edges).',
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

/** A route declared at a literal API path (`url: '/api/...'`, `url: \`/backoffice/api/...\``). */
const LITERAL_API_URL = /\burl: ['"`]\/(?:backoffice\/)?api\//;

/** The layers below the modules: they serve every module and import none. */
const BELOW_MODULES = ['core.ts', 'core/', 'lib/', 'db/', 'http/', 'adapters/'];

/**
 * Each module's one public surface, its module file (`modules/<name>/<name>.module.ts`): another module, and the
 * wiring (app.ts, the scripts), import that file only; the layers below import no module at all; and no module
 * builds another's classes, which come in its deps from app.ts.
 */
function surfaceViolations(files: readonly SourceFile[], edges: readonly ImportEdge[]): string[] {
  const found: string[] = [];
  for (const { from, to } of edges) {
    const target = moduleOf(to);
    if (!target || moduleOf(from) === target) continue;
    if (BELOW_MODULES.some((layer) => from === layer || from.startsWith(layer))) {
      found.push(
        `Layers: ${from} imports ${to}. The Core, lib/, db/, http/ and adapters/ sit below the modules and import ` +
          'none of them; what they need of a module comes to them as a parameter (docs/architecture.md, Module edges).',
      );
    } else if (to !== `modules/${target}/${target}.module.ts`) {
      found.push(
        `One public surface: ${from} imports ${to}. Another module is reached only through what its module file ` +
          `(modules/${target}/${target}.module.ts) exports; its services and repositories come in the deps app.ts ` +
          'hands over (docs/architecture.md, Module edges).',
      );
    }
  }
  const classes = new Map<string, string>();
  for (const { path, text } of files) {
    const owner = moduleOf(path);
    if (!owner) continue;
    for (const [, name] of text.matchAll(/^export (?:abstract )?class (\w+)(?! extends \w*Error\b)/gm))
      classes.set(name!, owner);
  }
  for (const { path, text } of files) {
    const builder = moduleOf(path);
    if (!builder) continue;
    for (const [, name] of text.matchAll(/\bnew (\w+)\(/g)) {
      const owner = classes.get(name!);
      if (owner && owner !== builder && importsName(text, name!)) {
        found.push(
          `Own classes only: ${path} builds ${owner}'s ${name}. A module builds its own repositories and services; ` +
            `what it needs of ${owner} comes in its deps from app.ts (docs/architecture.md, Module edges).`,
        );
      }
    }
  }
  return found;
}

function importsName(text: string, name: string): boolean {
  return new RegExp(`^import \\{[^}]*\\b${name}\\b[^}]*\\} from '\\.\\./`, 'm').test(text);
}

/** Where an answer's status is not ours to choose: a replay, the sandbox parties, the parties' webhooks. */
const PARTY_ANSWERS = [
  'core/ledger/idempotency.service.ts',
  'modules/qr/qr.routes.ts',
  'modules/qr/kbank.routes.ts',
  'modules/withdraw/withdraw.routes.ts',
];

function answersAsAParty(path: string): boolean {
  return path.startsWith('sandbox/') || PARTY_ANSWERS.includes(path);
}

/** Markers of the generated module graph in docs/architecture.md. */
export const GRAPH_START = '<!-- module graph: generated by `npm run docs:graph -w apps/server`; do not edit -->';
export const GRAPH_END = '<!-- end of module graph -->';

/**
 * What app.ts hands each module of the modules registered before it: read from its `register<Name>(app, core,
 * deps)` calls, each deps property traced back to the module whose answer it is (`bonuses.service`,
 * `{ transfers }` out of the bank feed's answer).
 */
export function appDeps(appText: string): Map<string, Set<string>> {
  const source = ts.createSourceFile('app.ts', appText, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const registrar = new Map<string, string>();
  const answerOf = new Map<string, string>();
  const takes = new Map<string, Set<string>>();
  const rootOf = (node: ts.Expression): string | undefined => {
    let at: ts.Expression = node;
    while (ts.isPropertyAccessExpression(at) || ts.isAwaitExpression(at)) at = at.expression;
    return ts.isIdentifier(at) ? at.text : undefined;
  };
  const calledModule = (node: ts.Node): string | undefined => {
    const call = ts.isAwaitExpression(node) ? node.expression : node;
    return ts.isCallExpression(call) && ts.isIdentifier(call.expression)
      ? registrar.get(call.expression.text)
      : undefined;
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const name = moduleOf(posix.normalize(node.moduleSpecifier.text));
      const bindings = node.importClause?.namedBindings;
      if (name && bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) registrar.set(element.name.text, name);
    } else if (ts.isVariableDeclaration(node) && node.initializer) {
      const from = calledModule(node.initializer) ?? answerOf.get(rootOf(node.initializer) ?? '');
      if (from && ts.isIdentifier(node.name)) answerOf.set(node.name.text, from);
      if (from && ts.isObjectBindingPattern(node.name))
        for (const element of node.name.elements)
          if (ts.isIdentifier(element.name)) answerOf.set(element.name.text, from);
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && registrar.has(node.expression.text)) {
      const name = registrar.get(node.expression.text)!;
      const deps = node.arguments[2];
      const got = takes.get(name) ?? new Set<string>();
      takes.set(name, got);
      if (deps && ts.isObjectLiteralExpression(deps)) {
        for (const property of deps.properties) {
          const value = ts.isShorthandPropertyAssignment(property)
            ? answerOf.get(property.name.text)
            : ts.isPropertyAssignment(property)
              ? answerOf.get(rootOf(property.initializer) ?? '')
              : undefined;
          if (value && value !== name) got.add(value);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return takes;
}

/**
 * The modules, what each takes of the Core (its register function's `Pick<Core, ...>`), what app.ts hands each of
 * the modules before it, and whose module files each imports (types included), as a Markdown table: the graph,
 * read from the code.
 */
export function moduleGraphTable(files: readonly SourceFile[], appText: string): string {
  const imports = new Map<string, Set<string>>();
  for (const { path } of files) {
    const name = moduleOf(path);
    if (name && !imports.has(name)) imports.set(name, new Set());
  }
  for (const { from, to } of importEdges(files)) {
    const a = moduleOf(from);
    const b = moduleOf(to);
    if (a && b && a !== b) imports.get(a)?.add(b);
  }
  const takes = appDeps(appText);
  const coreParts = new Map<string, string>();
  for (const { path, text } of files) {
    const name = moduleOf(path);
    if (!name || path !== `modules/${name}/${name}.module.ts`) continue;
    const core = /export (?:async )?function register\w*\([^)]*?\bcore: (Pick<\s*Core,([^>]*)>|Core)/s.exec(text);
    if (!core) continue;
    const parts = [...(core[2] ?? '').matchAll(/'(\w+)'/g)].map((match) => match[1]!);
    coreParts.set(name, core[2] === undefined ? 'all of it' : parts.map((part) => `\`${part}\``).join(', '));
  }
  const list = (names: Iterable<string> | undefined) =>
    [...(names ?? [])]
      .sort()
      .map((n) => `\`${n}\``)
      .join(', ');
  const rows = [...imports.keys()]
    .sort()
    .map(
      (name) =>
        `| \`${name}\` | ${coreParts.get(name) ?? ''} | ${list(takes.get(name))} | ${list(imports.get(name))} |`,
    );
  return [
    GRAPH_START,
    '| Module | Takes of the Core | Gets from app.ts the answers of | Imports the module files of |',
    '|---|---|---|---|',
    ...rows,
    GRAPH_END,
  ].join('\n');
}
