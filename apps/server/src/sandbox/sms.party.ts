import { randomUUID } from 'node:crypto';
import type { Clock } from '../lib/clock.ts';
import type { SandboxDb } from './sandbox.tables.ts';

/** How many of a phone's latest messages the outbox shows. */
const OUTBOX_SIZE = 20;

/** SANDBOX ONLY. The sandbox SMS party's books: what it was asked to send, and each phone's outbox. */
export class SandboxSmsParty {
  constructor(private readonly deps: { db: SandboxDb; clock: Clock }) {}

  async send(phone: string, text: string): Promise<{ messageId: string }> {
    await this.deps.db
      .insertInto('sandbox_sms_messages')
      .values({ phone, body: text, created_at: this.deps.clock.now() })
      .execute();
    return { messageId: randomUUID() };
  }

  async outbox(phone: string): Promise<{ phone: string; body: string; createdAt: string }[]> {
    const rows = await this.deps.db
      .selectFrom('sandbox_sms_messages')
      .select(['phone', 'body', 'created_at'])
      .where('phone', '=', phone)
      .orderBy('id', 'desc')
      .limit(OUTBOX_SIZE)
      .execute();
    return rows.map((row) => ({ phone: row.phone, body: row.body, createdAt: row.created_at.toISOString() }));
  }
}
