#!/usr/bin/env node
/**
 * Lighthouse benchmark (issue 3). Not a CI gate: it prints figures and, with --record, writes them into
 * docs/performance.md. It never builds unless asked (--build), never downloads a browser (Debian's Chromium).
 *
 *   node bench/lighthouse.mjs [--build] [--record] [--runs 3] [--locales th,en,lo] [--pages login,home]
 *                             [--timeout-min 20] [--out DIR] [--note TEXT] [--first-visit]
 *
 * What it does:
 * 1. starts the production server (apps/server/dist/server.js) on a free port with an in-memory database and
 *    demo data, serving PUBLIC_DIR (default apps/web/dist), and turns the chat widget on (the demo has it off);
 * 2. launches /usr/bin/chromium headless through chrome-launcher and connects puppeteer-core to it;
 * 3. runs Lighthouse (default config = mobile preset, simulated throttling) N times for every page x locale,
 *    round-robin (run 1 of each, then run 2 of each...), so a slow spell of the machine weighs on all alike.
 *    Before each run the origin's storage and the browser's HTTP cache are cleared by us, then `locale` (and
 *    for the member page the `token` obtained from POST /api/login, and the agreement accepted as a returning
 *    member has it, unless --first-visit) are written into localStorage, the `locale` cookie as the app writes
 *    it for a returning reader, and
 *    Lighthouse runs with disableStorageReset so it keeps them. The member audit is only accepted when the
 *    page Lighthouse measured ended on /user/home (not /login) with the token still present;
 * 4. prints median (min-max) per metric and PASS/FAIL against the targets, plus the top opportunities and
 *    failed audits of any page that misses a target.
 * Exit code 0 whatever the scores; non-zero only when the benchmark itself could not run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** npm runs workspace scripts in bench/: relative paths given by the user are relative to where they typed. */
const INVOKED_FROM = process.env.INIT_CWD ?? process.cwd();
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const DEMO = { username: '0812345678', password: 'demo1234' };
const ALL_LOCALES = ['th', 'en', 'lo'];
const PAGES = {
  login: { path: '/login', member: false, targetPerf: 95 },
  home: { path: '/user/home', member: true, targetPerf: 90 },
};
/** Targets of issue 3; `max` means lower is better. */
const targetsFor = (page) => ({
  performance: { min: page.targetPerf },
  accessibility: { min: 95 },
  bestPractices: { min: 95 },
  lcp: { max: 2500 },
  tbt: { max: 200 },
  cls: { max: 0.05 },
  js: null,
});

const { values: opts } = parseArgs({
  options: {
    build: { type: 'boolean', default: false },
    record: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    locales: { type: 'string', default: ALL_LOCALES.join(',') },
    pages: { type: 'string', default: Object.keys(PAGES).join(',') },
    'timeout-min': { type: 'string', default: '20' },
    'first-visit': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(os.tmpdir(), 'member-wallet-lighthouse') },
    note: { type: 'string' }, // recorded with --record, e.g. "shared machine: builds ran meanwhile"
    help: { type: 'boolean', default: false },
  },
});
if (opts.help) {
  out('Usage: node bench/lighthouse.mjs [--build] [--record] [--runs 3] [--locales th,en,lo] [--pages login,home]');
  out('                                 [--timeout-min 20] [--out DIR] [--note TEXT] [--first-visit]');
  process.exit(0);
}
const RUNS = Number(opts.runs);
const LOCALES = opts.locales.split(',').map((l) => l.trim());
const PAGE_KEYS = opts.pages.split(',').map((p) => p.trim());
if (!Number.isInteger(RUNS) || RUNS < 1) fail(`--runs must be a positive integer, got ${opts.runs}`);
for (const l of LOCALES) if (!ALL_LOCALES.includes(l)) fail(`unknown locale ${l} (expected ${ALL_LOCALES})`);
for (const p of PAGE_KEYS) if (!PAGES[p]) fail(`unknown page ${p} (expected ${Object.keys(PAGES)})`);

function out(line = '') {
  process.stdout.write(`${line}\n`);
}
function fail(message) {
  console.error(`lighthouse bench: ${message}`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------------------
// Everything started here is stopped on exit, on error, on a signal and on the overall time limit.
const cleanups = [];
let cleaningUp = null;
function cleanup() {
  cleaningUp ??= (async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (error) {
        console.error(`cleanup: ${error.message}`);
      }
    }
  })();
  return cleaningUp;
}
let aborting = false;
async function abort(message, code = 1) {
  if (aborting) return; // errors raised by the teardown itself are noise
  aborting = true;
  console.error(`lighthouse bench: ${message}`);
  await cleanup();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => abort(`received ${signal}`, 130));
process.on('uncaughtException', (error) => abort(error.stack ?? String(error)));
process.on('unhandledRejection', (error) => abort(error?.stack ?? String(error)));
const deadline = setTimeout(
  () => abort(`timed out after ${opts['timeout-min']} minutes`),
  Number(opts['timeout-min']) * 60_000,
);
deadline.unref();

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

// ---------------------------------------------------------------------------------------------------------
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The pages are measured as members meet them with every part in: the chat launcher is on (issue 21), through
 * the sandbox's settings door (the demo data has it off).
 */
async function turnOnChatWidget(origin) {
  const res = await fetch(`${origin}/sandbox/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enableChatWidget: true }),
  });
  if (!res.ok) await abort(`could not turn the chat widget on: ${res.status} ${await res.text()}`, 2);
}

async function startServer() {
  const serverJs = path.join(ROOT, 'apps/server/dist/server.js');
  const publicDir = path.resolve(INVOKED_FROM, process.env.PUBLIC_DIR ?? path.join(ROOT, 'apps/web/dist'));
  for (const file of [serverJs, path.join(publicDir, 'index.html')]) {
    try {
      readFileSync(file);
    } catch {
      await abort(`${file} is missing: build first (npm run build) or pass --build or PUBLIC_DIR`, 2);
    }
  }
  const port = await freePort();
  const child = spawn(process.execPath, [serverJs], {
    cwd: ROOT,
    detached: true, // own process group: we can stop it and anything it forks
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      DATABASE_URL: '',
      REDIS_URL: '',
      DEMO: '1',
      SANDBOX: '1',
      // Not NODE_ENV=production: production refuses to start with demo data and the sandbox.
      LOG_LEVEL: 'warn',
      PUBLIC_DIR: publicDir,
    },
  });
  let log = '';
  const keep = (chunk) => {
    log = (log + chunk).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const exitedPromise = new Promise((resolve) => child.on('exit', resolve));
  child.on('exit', () => {
    exited = true;
  });
  cleanups.push(async () => {
    if (exited) return;
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
    await exitedPromise;
    clearTimeout(timer);
  });

  const origin = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (exited) await abort(`the server exited during start-up:\n${log}`);
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) return { origin, publicDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return abort(`the server did not answer ${origin}/healthz within 60 s:\n${log}`);
}

async function login(origin) {
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-name': 'wallet-user' },
    body: JSON.stringify({ ...DEMO, remember: true }),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok || typeof body.token !== 'string') {
    await abort(`demo login failed: HTTP ${res.status} ${JSON.stringify(body)}`);
  }
  return body.token;
}

async function startChromium() {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  cleanups.push(() => chrome.kill());
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  cleanups.push(() => browser.disconnect()); // cleanups run in reverse: disconnect, then kill
  return { chrome, browser };
}

function chromiumVersion() {
  const res = spawnSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' });
  return (res.stdout || '').trim() || 'unknown';
}

// ---------------------------------------------------------------------------------------------------------
/** A clean origin (no storage, empty HTTP cache) holding only the values this run needs. */
async function prepare(page, origin, values) {
  const cdp = await page.createCDPSession();
  await page.goto(`${origin}/healthz`, { waitUntil: 'load' }); // same origin, no app code loaded
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await cdp.send('Network.clearBrowserCache');
  await page.evaluate((entries) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const [k, v] of entries) localStorage.setItem(k, v);
    // A returning reader also has the cookie the app writes with the language, from which the server
    // preloads that language's catalogue (docs/decisions/0009).
    // biome-ignore lint/suspicious/noDocumentCookie: the app itself writes this cookie the same way.
    document.cookie = `locale=${localStorage.getItem('locale')}; path=/`;
  }, Object.entries(values));
  await cdp.detach();
}

async function auditOnce(browser, origin, pageDef, locale, token) {
  const page = await browser.newPage();
  try {
    const values = { locale };
    if (pageDef.member) values.token = token;
    // A returning member has accepted the agreement; on a first visit its dialog opens 1.5 s after load (spec).
    if (pageDef.member && !opts['first-visit']) values['remember-agreement'] = 'true';
    await prepare(page, origin, values);
    const url = `${origin}${pageDef.path}`;
    const result = await retryable(() =>
      lighthouse(
        url,
        { output: 'json', logLevel: 'error', disableStorageReset: true }, // flags: mobile preset is the default
        undefined,
        page,
      ),
    );
    if (!result?.lhr) throw Object.assign(new Error(`Lighthouse returned no result for ${url}`), { retry: true });
    const { lhr } = result;
    if (lhr.runtimeError) {
      // e.g. NO_NAVSTART, NO_FCP: Lighthouse's own advice is to run again (a busy machine triggers them)
      throw Object.assign(new Error(`Lighthouse runtime error on ${url}: ${lhr.runtimeError.message}`), {
        retry: true,
      });
    }

    // The page really is the one we meant: final URL, language, and (member page) the session kept.
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    const state = await page.evaluate(() => ({
      path: location.pathname,
      lang: document.documentElement.lang,
      token: localStorage.getItem('token'),
    }));
    if (finalPath !== pageDef.path || state.path !== pageDef.path) {
      throw new Error(`audited ${url} but ended on ${finalPath} (page now at ${state.path})`);
    }
    if (pageDef.member && state.token !== token) throw new Error('the session token was lost during the audit');
    if (pageDef.member) {
      // The member data was fetched with the session: some API call succeeded and none was refused.
      const api = (lhr.audits['network-requests']?.details?.items ?? []).filter((r) =>
        new URL(r.url).pathname.startsWith('/api/'),
      );
      if (api.some((r) => r.statusCode === 401) || !api.some((r) => r.statusCode >= 200 && r.statusCode < 300)) {
        throw new Error(`member API calls not authorised: ${api.map((r) => `${r.statusCode} ${r.url}`).join(', ')}`);
      }
    }
    if (state.lang !== locale) throw new Error(`expected <html lang="${locale}">, got "${state.lang}"`);
    return { lhr, metrics: metricsOf(lhr) };
  } finally {
    await page.close().catch(() => {});
  }
}

/** Failures of Lighthouse itself may be retried; a wrong page (checks below) never is. */
async function retryable(fn) {
  try {
    return await fn();
  } catch (error) {
    throw Object.assign(error, { retry: true });
  }
}

const MAX_ATTEMPTS = 3;
async function auditWithRetries(browser, origin, pageDef, locale, token) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(browser, origin, pageDef, locale, token);
    } catch (error) {
      if (!error.retry || attempt >= MAX_ATTEMPTS) throw error;
      console.warn(`  ${pageDef.path} ${locale}: attempt ${attempt} failed (${error.message.split('\n')[0]}); again`);
    }
  }
}

function metricsOf(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const js = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    js,
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const COLUMNS = [
  ['performance', 'Perf', (v) => String(Math.round(v))],
  ['accessibility', 'A11y', (v) => String(Math.round(v))],
  ['bestPractices', 'Best pr.', (v) => String(Math.round(v))],
  ['lcp', 'LCP', (v) => `${(v / 1000).toFixed(2)} s`],
  ['tbt', 'TBT', (v) => `${Math.round(v)} ms`],
  ['cls', 'CLS', (v) => v.toFixed(3)],
  ['js', 'JS transferred', (v) => `${(v / 1024).toFixed(1)} KiB`],
];

function summarize(pageKey, locale, runs) {
  const pageDef = PAGES[pageKey];
  const targets = targetsFor(pageDef);
  const cells = {};
  let passAll = true;
  for (const [key, , fmt] of COLUMNS) {
    const xs = runs.map((r) => r.metrics[key]);
    const med = median(xs);
    const t = targets[key];
    const pass = !t || (t.min !== undefined ? med >= t.min : med <= t.max);
    if (!pass) passAll = false;
    const [lo, hi] = [fmt(Math.min(...xs)), fmt(Math.max(...xs))];
    const range = lo !== hi ? ` (${lo}-${hi})` : '';
    cells[key] = `${fmt(med)}${range}${t ? (pass ? ' PASS' : ' **FAIL**') : ''}`;
  }
  // The run whose performance score is the median stands for the page in the diagnosis.
  const sorted = [...runs].sort((a, b) => a.metrics.performance - b.metrics.performance);
  const representative = sorted[Math.floor((sorted.length - 1) / 2)].lhr;
  return { page: pageDef.path, locale, cells, passAll, representative, targets };
}

function markdownTable(rows) {
  const head = ['Page', 'Lang', ...COLUMNS.map(([, label]) => label)];
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const r of rows) {
    lines.push(`| \`${r.page}\` | ${r.locale} | ${COLUMNS.map(([key]) => r.cells[key]).join(' | ')} |`);
  }
  return lines.join('\n');
}

const SCORED = ['performance', 'accessibility', 'best-practices'];

/** Opportunities (estimated savings) of one run, costliest first. */
function opportunitiesOf(lhr, limit = 5) {
  return Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 1)
    .map((a) => ({
      id: a.id,
      title: a.title,
      ms: a.details.overallSavingsMs ?? 0,
      bytes: a.details.overallSavingsBytes ?? 0,
    }))
    .filter((o) => o.ms > 0 || o.bytes > 0)
    .sort((x, y) => y.ms - x.ms || y.bytes - x.bytes)
    .slice(0, limit);
}
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;

/** Opportunities, failing audits of the target categories and the main diagnostics of one run. */
function diagnosis(lhr) {
  const lines = [];
  for (const o of opportunitiesOf(lhr)) {
    lines.push(`  - opportunity ${o.id}: ${o.title} (~${Math.round(o.ms)} ms, ${kib(o.bytes)})`);
  }
  for (const item of lhr.audits['unused-javascript']?.details?.items ?? []) {
    lines.push(`      unused JS: ${new URL(item.url).pathname} ${kib(item.wastedBytes)} of ${kib(item.totalBytes)}`);
  }
  for (const catId of SCORED) {
    for (const ref of lhr.categories[catId]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 0.9) {
        lines.push(`  - ${catId} ${a.id} ${a.displayValue ?? ''} (score ${a.score}, weight ${ref.weight})`);
      }
    }
  }
  for (const id of ['bootup-time', 'mainthread-work-breakdown', 'total-byte-weight']) {
    const a = lhr.audits[id];
    if (a?.displayValue) lines.push(`  - diagnostic ${id}: ${a.title}: ${a.displayValue}`);
  }
  return lines;
}

/** Audits Lighthouse could not compute (e.g. trace format of a newer Chromium); none of them is scored. */
function erroredAudits(lhrs) {
  const ids = new Set();
  for (const lhr of lhrs) {
    for (const [id, a] of Object.entries(lhr.audits)) if (a.scoreDisplayMode === 'error') ids.add(id);
  }
  return [...ids].sort();
}

function recordInDoc({ build, table, misses, errored, date, cpu, chromium, command, benchmarkIndex }) {
  const docPath = path.join(ROOT, 'docs/performance.md');
  let doc;
  try {
    doc = readFileSync(docPath, 'utf8');
  } catch {
    doc =
      '# Performance\n\n## Lighthouse (bench/lighthouse)\n\n## Bundle sizes\n\n`npm run size -w apps/web` prints them.\n';
  }
  const section = [
    '## Lighthouse (bench/lighthouse)',
    '',
    'Lighthouse 12.2.3, default config (mobile preset: Moto G Power viewport, simulated slow 4G and 4x CPU',
    'slowdown), median of the runs per page and language (run round-robin across them) with the min-max in',
    'brackets when they differ; the',
    'production server with an in-memory database and demo data, the chat widget on (since 2026-11-26; the demo',
    'has it off, and members meet it on). `/user/home` is audited logged in as the demo member, as a returning',
    'member sees it (token from `POST /api/login` and the agreement accepted, placed in localStorage,',
    '`disableStorageReset`; `--first-visit` leaves the agreement out; the run counts only if it ends on',
    '`/user/home` with the token kept and the member API calls answered 2xx). Targets: performance',
    '>= 95 (`/login`) and >= 90 (`/user/home`), accessibility and best practices >= 95, LCP <= 2.5 s, TBT <= 200',
    'ms, CLS <= 0.05. "JS transferred" is the transfer size of all the scripts the page loaded.',
    '',
    `- Date: ${date}`,
    `- Machine: ${cpu}; headless ${chromium}; Lighthouse benchmarkIndex ${benchmarkIndex}`,
    `- Command: \`${command}\``,
    `- Build: commit ${build.commit}, client \`${build.publicDir}\` built ${build.builtAt}`,
    opts.note
      ? `- Note: ${opts.note}`
      : '- Note: none given (compare the benchmarkIndex with earlier records to judge the machine load).',
    '',
    table,
    '',
  ];
  if (misses.length) {
    section.push('Costliest opportunities of the median run of each page that misses a target:', '', ...misses, '');
  }
  if (errored.length) {
    section.push(
      `Unscored diagnostics Lighthouse 12.2.3 could not compute with this Chromium (trace format): ${errored.map((id) => `\`${id}\``).join(', ')}.`,
      '',
    );
  }
  const re = /## Lighthouse \(bench\/lighthouse\)\n[\s\S]*?(?=\n## |$)/;
  doc = re.test(doc) ? doc.replace(re, section.join('\n')) : `${doc.trimEnd()}\n\n${section.join('\n')}`;
  writeFileSync(docPath, doc);
  out(`Recorded in ${path.relative(ROOT, docPath)}`);
}

// ---------------------------------------------------------------------------------------------------------
async function main() {
  const started = Date.now();
  if (opts.build) {
    out('Building (npm run build)...');
    const res = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (res.status !== 0) await abort('npm run build failed', 2);
  }
  opts.out = path.resolve(INVOKED_FROM, opts.out);
  mkdirSync(opts.out, { recursive: true });
  const { origin, publicDir } = await startServer();
  out(`Server ${origin} serving ${path.relative(ROOT, publicDir) || publicDir}`);
  await turnOnChatWidget(origin);
  const token = PAGE_KEYS.some((k) => PAGES[k].member) ? await login(origin) : null;
  const { browser } = await startChromium();
  const chromium = chromiumVersion();
  out(`${chromium}; ${RUNS} run(s) per page and language`);

  const rows = [];
  const benchmarkIndex = [];
  const allLhrs = [];
  // Round-robin: run i of every page and language, then run i + 1. A slow spell of the machine (the spread of
  // one page's medians between batches reached 0.4 s here) then falls on all of them alike, not on one batch.
  const cases = PAGE_KEYS.flatMap((pageKey) => LOCALES.map((locale) => ({ pageKey, locale, runs: [] })));
  for (let i = 1; i <= RUNS; i++) {
    for (const { pageKey, locale, runs } of cases) {
      const run = await auditWithRetries(browser, origin, PAGES[pageKey], locale, token);
      runs.push(run);
      allLhrs.push(run.lhr);
      benchmarkIndex.push(run.lhr.environment.benchmarkIndex);
      const file = path.join(opts.out, `${pageKey}-${locale}-${i}.json`);
      writeFileSync(file, JSON.stringify(run.lhr));
      const m = run.metrics;
      out(
        `  ${PAGES[pageKey].path} ${locale} #${i}: perf ${m.performance} a11y ${m.accessibility} bp ${m.bestPractices}` +
          ` LCP ${Math.round(m.lcp)} ms TBT ${Math.round(m.tbt)} ms CLS ${m.cls.toFixed(3)} JS ${(m.js / 1024).toFixed(1)} KiB`,
      );
    }
  }
  for (const { pageKey, locale, runs } of cases) rows.push(summarize(pageKey, locale, runs));
  await cleanup();

  const table = markdownTable(rows);
  out();
  out(table);
  out();
  for (const row of rows.filter((r) => !r.passAll)) {
    out(`${row.page} (${row.locale}) misses a target; costliest items of its median run:`);
    for (const line of diagnosis(row.representative)) out(line);
  }
  const errored = erroredAudits(allLhrs);
  if (errored.length) out(`\nAudits Lighthouse could not compute (none scored): ${errored.join(', ')}`);
  out(`\nReports (JSON) in ${opts.out}; ${Math.round((Date.now() - started) / 1000)} s in all.`);

  if (opts.record) {
    const cpus = os.cpus();
    const quote = (arg) => (/^[\w=,./:-]+$/.test(arg) ? arg : JSON.stringify(arg));
    const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
    recordInDoc({
      build: {
        commit: commit || 'unknown',
        publicDir: path.relative(ROOT, publicDir) || publicDir,
        builtAt: `${statSync(path.join(publicDir, 'index.html')).mtime.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      },
      table,
      misses: rows
        .filter((r) => !r.passAll)
        .map(
          (r) =>
            `- \`${r.page}\` ${r.locale}: ${opportunitiesOf(r.representative, 3)
              .map((o) => `${o.id} ~${Math.round(o.ms)} ms (${kib(o.bytes)})`)
              .join(', ')}`,
        ),
      errored,
      date: new Date().toISOString().slice(0, 10),
      cpu: `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      chromium,
      command: ['npm run bench:lighthouse --', ...process.argv.slice(2).map(quote)].join(' '),
      benchmarkIndex: `${Math.round(median(benchmarkIndex))} (${Math.round(Math.min(...benchmarkIndex))}-${Math.round(Math.max(...benchmarkIndex))}; higher is a faster machine)`,
    });
  }
  process.exit(0);
}

main().catch((error) => abort(error?.stack ?? String(error)));
