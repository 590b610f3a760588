// One process of bench/pglite-crash.mjs --mode churn: starts and closes test apps on in-memory PGlite one after the
// other, as a worker of the server project does (startTestApp from the template, a member registered, a few calls),
// so that V8 frees the WebAssembly code of the closed ones while the next one tiers its own up.
import { bearer, registerAndLogin, startTestApp } from '../../apps/server/test/helpers.ts';

const cycles = Number(process.argv[2] ?? 30);
const collect = (globalThis as { gc?: () => void }).gc;

for (let cycle = 0; cycle < cycles; cycle += 1) {
  const t = await startTestApp();
  const member = await registerAndLogin(t);
  for (let call = 0; call < 3; call += 1) {
    await t.api({ method: 'GET', url: '/api/wallet', headers: bearer(member.token) });
    await t.api({ method: 'GET', url: '/api/account', headers: bearer(member.token) });
  }
  await t.close();
  // With --expose-gc, the closed app's instance goes now rather than at some later point.
  collect?.();
}
process.stdout.write(
  `churn: ${cycles} test apps started and closed; rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB\n`,
);
