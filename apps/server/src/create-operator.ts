import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, type OperatorRole } from '@member-wallet/contract/backoffice/operators';
import QRCode from 'qrcode';
import { createOperatorService } from './core/operator/operator.factory.ts';
import { OperatorError } from './core/operator/operator.service.ts';
import { migrateToLatest } from './db/connect.ts';
import { systemClock } from './lib/clock.ts';
import { runCommand } from './lib/command.ts';
import { PasswordHasher } from './lib/passwords.ts';
import { MemoryRateLimiter } from './lib/rate-limiter.ts';

const USAGE = 'usage: npm run operator:create -- --username <name> --role <admin|finance|support>';

/** The password from OPERATOR_PASSWORD, else the first line of standard input (typed, or piped). */
async function readPassword(): Promise<string> {
  const fromEnv = process.env.OPERATOR_PASSWORD;
  if (fromEnv !== undefined) return fromEnv;
  const lines = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  try {
    return await lines.question('Password (at least 12 characters, not a common one, not containing the username): ');
  } finally {
    lines.close();
  }
}

/**
 * `npm run operator:create -- --username alice --role admin` (docs/backoffice/README.md): creates an operator on the
 * configured database and prints the TOTP secret once, as text and as a QR code for an authenticator app. The
 * first admin is made this way; there is no default operator and no default password. The action is in the
 * audit log under the actor `cli`. Exit code 0 on success, 1 when refused (bad input, a taken username).
 */
runCommand('create operator', async (config, db) => {
  const { values } = parseArgs({ options: { username: { type: 'string' }, role: { type: 'string' } } });
  const role = values.role as OperatorRole | undefined;
  if (!values.username || !role || !OPERATOR_ROLES.includes(role)) {
    console.error(USAGE);
    return 1;
  }
  await migrateToLatest(db);
  const { service } = createOperatorService(config, {
    db,
    clock: systemClock,
    limiter: new MemoryRateLimiter(systemClock),
    passwords: new PasswordHasher(),
  });
  try {
    const created = await service.create(
      { operatorId: null, username: 'cli' },
      { username: values.username, role, password: await readPassword() },
    );
    process.stdout.write(
      [
        `Operator ${created.username} (${created.role}) created, id ${created.id}.`,
        'Add this key to an authenticator app now; it is not shown again:',
        `  ${created.totpSecret}`,
        `  ${created.otpauthUri}`,
        await QRCode.toString(created.otpauthUri, { type: 'terminal', small: true }),
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    console.error(error.message);
    return 1;
  }
});
