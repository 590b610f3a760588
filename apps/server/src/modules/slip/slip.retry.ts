import type { FastifyBaseLogger } from 'fastify';
import type { Member } from '../../core/account/account.repository.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { SlipRepository } from './slip.repository.ts';
import { queryOf, type SlipService } from './slip.service.ts';

/** Waiting slips asked again per pass, and how long a pass holds the ones it took. */
export const SLIP_RETRY_BATCH = 20;
export const SLIP_RETRY_LEASE_MS = 5 * MINUTE_MS;

export interface SlipRetriesDeps {
  db: Db;
  repository: SlipRepository;
  slips: SlipService;
  store: FileStore;
  members: { findById(id: bigint): Promise<Member | undefined> };
  clock: Clock;
  logger: FastifyBaseLogger;
}

/**
 * Asks the party again about slips it told to come back later (docs/deposits/slips.md, "Waiting slips"). Any
 * number of nodes may run it: each pass claims the due slips it asks (slip.repository.ts claimDue), and a slip is
 * settled only while it still waits, so two passes never settle one slip twice.
 */
export class SlipRetries {
  constructor(private readonly deps: SlipRetriesDeps) {}

  async runOnce(): Promise<{ checked: number; settled: number }> {
    const { db, repository, clock } = this.deps;
    const due = await repository.claimDue(db, clock.now(), SLIP_RETRY_LEASE_MS, SLIP_RETRY_BATCH);
    let settled = 0;
    for (const slip of due) {
      const member = await this.deps.members.findById(slip.member_id);
      if (!member) throw new Error(`member ${slip.member_id} of slip ${slip.public_id} does not exist`);
      const bytes = slip.file_name === null ? null : await this.deps.store.read(slip.file_name);
      const picture = bytes ? { bytes, contentType: slip.content_type } : null;
      const { public_id, member_id, file_name, content_type, size_bytes, sha256, width, height } = slip;
      const upload = { public_id, member_id, file_name, content_type, size_bytes, sha256, width, height };
      const after = await this.deps.slips.settle({ upload, existing: slip }, { ...queryOf(slip), picture }, member);
      if (after.status !== 'IN_PROGRESS') settled += 1;
    }
    return { checked: due.length, settled };
  }
}
