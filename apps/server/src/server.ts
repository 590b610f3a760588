import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Loads the configuration, builds the app and listens; closes gracefully on SIGTERM and SIGINT. */
async function main() {
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
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const lines = [`Member Wallet listening on ${address}`];
  if (config.demo) lines.push(`Demo member: phone ${config.demoPhone}, password ${config.demoPassword}`);
  // The one place that prints to the console on purpose: the address, and the demo login (a demo, not a secret).
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error('Start-up failed:', error);
  process.exit(1);
});
