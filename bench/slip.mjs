#!/usr/bin/env node
/**
 * Slip upload benchmark (issue 5). Not a CI gate: it prints figures; record them in docs/performance.md.
 *
 *   node bench/slip.mjs [--slips 40] [--concurrency 4] [--width 1080]
 *
 * 1. starts the production server (apps/server/dist/server.js: build first) on an in-memory database with the
 *    demo data and the sandbox parties, and logs in as the demo member;
 * 2. makes --slips sandbox transfers from the demo member's account to the slip-only account, fetches each
 *    one's slip picture from the sandbox bank and scales it to a phone's screenshot (--width pixels wide,
 *    JPEG quality 85, as a phone saves it);
 * 3. uploads them, --concurrency at a time, while another client asks GET /healthz every 20 ms: the upload
 *    rate, the upload latency and the health check's latency, which shows whether reading pictures holds up
 *    the event loop (they are read in worker threads, apps/server/src/modules/uploads/picture.pool.ts).
 */
import { parseArgs } from 'node:util';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { api, log, percentile, startServer, stopServers } from './support.mjs';

const { values: opts } = parseArgs({
  options: {
    slips: { type: 'string', default: '40' },
    concurrency: { type: 'string', default: '4' },
    width: { type: 'string', default: '1080' },
  },
});
const SLIPS = Number(opts.slips);
const CONCURRENCY = Number(opts.concurrency);
const WIDTH = Number(opts.width);
const DEMO = { phone: '0812345678', password: 'demo1234', bank: 'KBANK', accountNo: '1234567890' };
const SLIP_ACCOUNT = '9990005678';

/** The picture scaled (nearest neighbour) to `width` pixels wide and saved as a JPEG. */
function phonePicture(png, width) {
  const source = PNG.sync.read(png);
  const height = Math.round((source.height * width) / source.width);
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const sy = Math.floor((y * source.height) / height);
    for (let x = 0; x < width; x++) {
      const sx = Math.floor((x * source.width) / width);
      source.data.copy(data, (y * width + x) * 4, (sy * source.width + sx) * 4, (sy * source.width + sx) * 4 + 4);
    }
  }
  return jpeg.encode({ data, width, height }, 85).data;
}

async function upload(base, token, picture) {
  const form = new FormData();
  form.append('file', new Blob([picture], { type: 'image/jpeg' }), 'slip.jpg');
  const started = performance.now();
  const response = await fetch(`${base}/api/wallet/slip`, {
    method: 'POST',
    headers: { 'x-app-name': 'wallet-user', authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await response.json();
  return { ms: performance.now() - started, ok: response.ok && body.message === 'SUCCESS', body };
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (value) => value.toFixed(1);
  return `p50 ${f(percentile(sorted, 50))} ms, p99 ${f(percentile(sorted, 99))} ms, max ${f(sorted.at(-1) ?? Number.NaN)} ms`;
}

let server;
try {
  server = await startServer('', { DATA_DIR: 'memory://', DEMO: '1', MONEY_RATE_PER_MINUTE: '100000' });
  const base = server.url;
  const { token } = await api(base, '/api/login', {
    method: 'POST',
    body: { username: DEMO.phone, password: DEMO.password },
  });

  log(`preparing ${SLIPS} slips of ${WIDTH} px wide ...`);
  const pictures = [];
  for (let index = 0; index < SLIPS; index++) {
    const transfer = await fetch(`${base}/sandbox/bank/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fromBankCode: DEMO.bank,
        fromAccountNo: DEMO.accountNo,
        toAccountNo: SLIP_ACCOUNT,
        amount: 10 + index,
      }),
    });
    const { reference } = await transfer.json();
    const png = Buffer.from(await (await fetch(`${base}/sandbox/bank/slips/${reference}.png`)).arrayBuffer());
    pictures.push(phonePicture(png, WIDTH));
  }
  const averageKb = pictures.reduce((sum, picture) => sum + picture.length, 0) / pictures.length / 1024;
  log(`average picture ${averageKb.toFixed(0)} KiB`);

  const probes = [];
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const started = performance.now();
      await fetch(`${base}/healthz`);
      probes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();

  const uploads = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < pictures.length) {
        const picture = pictures[next++];
        uploads.push(await upload(base, token, picture));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  probing = false;
  await prober;

  const failed = uploads.filter((one) => !one.ok);
  log(
    `uploads: ${uploads.length} in ${seconds.toFixed(1)} s = ${(uploads.length / seconds).toFixed(1)}/s, concurrency ${CONCURRENCY}`,
  );
  log(`upload latency: ${summary(uploads.map((one) => one.ms))}`);
  log(`GET /healthz during the uploads (${probes.length} probes): ${summary(probes)}`);
  log(
    failed.length === 0
      ? 'every slip credited'
      : `NOT credited: ${failed.length}, first ${JSON.stringify(failed[0]?.body)}`,
  );
  process.exitCode = failed.length === 0 ? 0 : 1;
} finally {
  await stopServers(server);
}
