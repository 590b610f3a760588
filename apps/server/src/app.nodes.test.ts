import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, startTestApp, type TestApp } from '../test/helpers.ts';

/**
 * Several nodes started at once on one new database, as an orchestrator starts them (docs/operations.md): each
 * makes the demo data and the sandbox's reference rows only if no other node did, and none fails on another's
 * insert. PGlite cannot be shared, so this runs on PostgreSQL, in a database of its own.
 */

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const nodes: TestApp[] = [];
let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
afterAll(async () => {
  for (const node of nodes) await node.close();
  await database?.drop();
});

describe('nodes starting together', () => {
  it('all start on one new database with the demo data and the sandbox, which each make once', async () => {
    database = await createPostgresDatabase(ADMIN_URL);
    const env = { DATABASE_URL: database.databaseUrl, DEMO: '1', SANDBOX: '1', JOB_RUNNER: 'in-process' };
    const started = await Promise.allSettled([startTestApp(env), startTestApp(env), startTestApp(env)]);
    for (const node of started) if (node.status === 'fulfilled') nodes.push(node.value);
    expect(started.map((node) => (node.status === 'rejected' ? String(node.reason) : 'started'))).toEqual([
      'started',
      'started',
      'started',
    ]);
    const db = nodes[0]!.app.db;
    const members = await db.selectFrom('members').select('name').orderBy('name').execute();
    expect(members.map((member) => member.name)).toEqual(['Demo Friend', 'Demo Member']);
    const channels = await db
      .selectFrom('deposit_channels')
      .select(['bank_code', 'currency', 'mode', 'account_no'])
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .groupBy(['bank_code', 'currency', 'mode', 'account_no'])
      .execute();
    expect(channels.length).toBeGreaterThan(0);
    expect(channels.filter((channel) => Number(channel.count) > 1)).toEqual([]);
  });
});
