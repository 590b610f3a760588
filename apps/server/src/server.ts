import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { runtimeProblem } from './lib/runtime.ts';
import { shutDown } from './lib/shutdown.ts';

/** Loads the configuration, builds the app and listens; drains and closes on SIGTERM and SIGINT. */
async function main() {
  const problem = runtimeProblem(process.versions.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  let closing = false;
  // SIGTERM is the orchestrator's roll-out: drain, keep serving SHUTDOWN_DELAY_MS, then let what is under way
  // finish within SHUTDOWN_GRACE_MS (lib/shutdown.ts). Ctrl-C is a person: no delay. A second signal exits at once.
  const close = async (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    const delayMs = signal === 'SIGTERM' ? config.server.shutdownDelayMs : 0;
    app.log.info({ signal, delayMs, graceMs: config.server.shutdownGraceMs }, 'draining');
    const outcome = await shutDown(app, { delayMs, graceMs: config.server.shutdownGraceMs });
    if (outcome === 'grace-exceeded') app.log.error('requests still running after SHUTDOWN_GRACE_MS: exiting anyway');
    process.exit(outcome === 'closed' ? 0 : 1);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));

  const address = await app.listen({ port: config.server.port, host: config.server.host });
  const lines = [`Member Wallet listening on ${address}`];
  if (config.demo) lines.push(`Demo member: phone ${config.demoMember.phone}, password ${config.demoMember.password}`);
  // The one place that prints to the console on purpose: the address, and the demo login (a demo, not a secret).
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error('Start-up failed:', error);
  process.exit(1);
});
