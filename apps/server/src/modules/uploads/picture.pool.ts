import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QrPicture, QrReading } from './picture.qr.ts';
import { type CheckedPicture, InvalidImageError, type PictureLimits } from './picture.ts';
import type { PictureTask } from './picture.worker.ts';

interface Job {
  id: number;
  task: PictureTask;
  bytes: Uint8Array;
  resolve: (picture: unknown) => void;
  reject: (error: Error) => void;
}

type Answer =
  | { id: number; picture: unknown }
  | { id: number; invalid: string; reason: InvalidImageError['reason'] }
  | { id: number; error: string };

interface Slot {
  worker: Worker;
  job: Job | null;
}

/** The worker's code when the server runs from source, bundled once per process. */
let sourceBundle: string | null = null;

/**
 * The worker thread: the bundled file beside dist/server.js (build.mjs), or, when the server runs from its
 * TypeScript source (tests, `npm run dev`), the same source bundled here with esbuild (a dev dependency):
 * Node 20 applies no loader hooks, tsx's included, to worker threads.
 */
function startWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./picture.worker.js', here));
  if (sourceBundle === null) {
    const esbuild = createRequire(here)('esbuild') as typeof import('esbuild');
    const built = esbuild.buildSync({
      entryPoints: [fileURLToPath(new URL('./picture.worker.ts', here))],
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
    });
    sourceBundle = built.outputFiles[0]?.text ?? '';
  }
  return new Worker(sourceBundle, { eval: true });
}

/** Up to this many worker threads: one core is left to the event loop (and PostgreSQL) where there are few. */
export const PICTURE_WORKERS_MAX = Math.max(1, Math.min(4, availableParallelism() - 1));

/**
 * Checks uploaded pictures (slips and chat pictures) in worker threads (started when first needed, kept idle,
 * `unref`ed), a job a worker at a time, the rest queued in order. A worker that dies fails its job (answered
 * 500) and is replaced by the next job. How many jobs one member can queue is bounded where uploads arrive
 * (lib/in-flight.ts), so a member's pictures cannot hold everyone else's back for long.
 */
export class PictureReader {
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;

  constructor(private readonly size = PICTURE_WORKERS_MAX) {}

  /** A picture checked, and searched for its QR codes (picture.qr.ts; a slip's: modules/slip/slip.image.ts). */
  readQr(bytes: Buffer, reading: QrReading): Promise<QrPicture> {
    return this.#run({ task: 'qr', reading }, bytes);
  }

  /** A picture checked against `limits` (modules/uploads/picture.ts). */
  check(bytes: Buffer, limits: PictureLimits): Promise<CheckedPicture> {
    return this.#run({ task: 'picture', limits }, bytes);
  }

  #run<T>(task: PictureTask, bytes: Buffer): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('picture reader closed'));
    return new Promise((resolve, reject) => {
      const job: Job = {
        id: this.#nextId++,
        task,
        bytes: new Uint8Array(bytes),
        resolve: resolve as Job['resolve'],
        reject,
      };
      this.#queue.push(job);
      this.#pump();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(new Error('picture reader closed'));
    await Promise.all(this.#slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  #pump(): void {
    while (this.#queue.length > 0) {
      const slot = this.#slots.find((candidate) => candidate.job === null) ?? this.#spawn();
      if (!slot) return;
      const job = this.#queue.shift() as Job;
      slot.job = job;
      // The copy made in read() is handed over, not copied again.
      slot.worker.postMessage({ id: job.id, ...job.task, bytes: job.bytes }, [job.bytes.buffer as ArrayBuffer]);
    }
  }

  #spawn(): Slot | null {
    if (this.#slots.length >= this.size) return null;
    const slot: Slot = { worker: startWorker(), job: null };
    slot.worker.unref();
    slot.worker.on('message', (answer: Answer) => this.#answer(slot, answer));
    slot.worker.on('error', (error) => this.#lose(slot, error));
    slot.worker.on('exit', (code) => this.#lose(slot, new Error(`picture worker exited with ${code}`)));
    this.#slots.push(slot);
    return slot;
  }

  #answer(slot: Slot, answer: Answer): void {
    const job = slot.job;
    if (!job || job.id !== answer.id) return;
    slot.job = null;
    if ('picture' in answer) job.resolve(answer.picture);
    else if ('invalid' in answer) job.reject(new InvalidImageError(answer.invalid, answer.reason));
    else job.reject(new Error(`picture worker failed: ${answer.error}`));
    this.#pump();
  }

  #lose(slot: Slot, error: Error): void {
    const index = this.#slots.indexOf(slot);
    if (index < 0) return;
    this.#slots.splice(index, 1);
    slot.job?.reject(error);
    slot.job = null;
    if (!this.#closed) this.#pump();
  }
}
