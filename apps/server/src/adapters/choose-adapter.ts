import type { SandboxAdapters } from '../lib/sandbox-label.ts';

/** A party's adapter as the configuration asks (docs/parties/README.md). */
export interface AdapterChoice<Port> {
  /** The real party's address and secret, from the environment. */
  baseUrl: string | null | undefined;
  secret: string | null | undefined;
  /** The real party, over HTTP. */
  real: (baseUrl: string, secret: string) => Port;
  /** The sandbox's party (SANDBOX on), over real HTTP at this server's own address, with the same secret. */
  sandbox: (secret: string) => Port;
  /** Neither configured: an adapter that fails every call, so the feature says so instead of guessing. */
  unconfigured: () => Port;
  /** Logged once at start when neither is configured: what to set, and what fails meanwhile. */
  warning: string;
}

/**
 * The one rule every party's adapter is chosen by: the real party when its address and secret are both set; else,
 * with SANDBOX on and the secret set, the sandbox's party, marked as such in `sandboxAdapters` (its answers carry
 * the sandbox label); else the unconfigured adapter, with a warning.
 */
export function chooseAdapter<Port extends object>(
  context: { config: { sandbox: boolean }; log: { warn(message: string): void }; sandboxAdapters: SandboxAdapters },
  choice: AdapterChoice<Port>,
): Port {
  const { baseUrl, secret } = choice;
  if (baseUrl && secret) return choice.real(baseUrl, secret);
  if (context.config.sandbox && secret) return context.sandboxAdapters.mark(choice.sandbox(secret));
  context.log.warn(choice.warning);
  return choice.unconfigured();
}
