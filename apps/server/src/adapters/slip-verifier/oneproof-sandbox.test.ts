import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { SlipVerifierByKind } from './by-kind.ts';
import { oneProofVerifier, SandboxOneProofVerifier } from './oneproof-sandbox.ts';
import type { SlipQuery, SlipVerification, SlipVerifier } from './slip-verifier.ts';
import { SlipVerifierUnavailableError } from './slip-verifier.ts';

/** Which verifier a slip goes to, and what verifies a OneProof when there is no sandbox (no BCEL API exists). */

const query = (kind: SlipQuery['kind']): SlipQuery => ({
  qr: 'QR',
  kind,
  sendingBank: kind === 'thai' ? '004' : 'BCEL',
  transRef: 'REF',
  picture: null,
});

class Named implements SlipVerifier {
  readonly asked: SlipQuery[] = [];
  constructor(private readonly answer: SlipVerification) {}
  async verify(asked: SlipQuery): Promise<SlipVerification> {
    this.asked.push(asked);
    return this.answer;
  }
}

describe('slip verifiers by kind', () => {
  it('sends a Thai slip to the Thai verifier and a OneProof to the OneProof verifier, and nothing elsewhere', async () => {
    const thai = new Named({ status: 'not_found' });
    const oneproof = new Named({ status: 'unstable' });
    const verifier = new SlipVerifierByKind({ thai, oneproof });
    expect(await verifier.verify(query('thai'))).toEqual({ status: 'not_found' });
    expect(await verifier.verify(query('oneproof'))).toEqual({ status: 'unstable' });
    expect(thai.asked.map((asked) => asked.kind)).toEqual(['thai']);
    expect(oneproof.asked.map((asked) => asked.kind)).toEqual(['oneproof']);
  });

  it('has no OneProof verifier without the sandbox: a warning at start, and no answer for every OneProof', async () => {
    const warnings: string[] = [];
    const context = {
      log: { warn: (line: string) => warnings.push(line) },
      ownBaseUrl: () => '',
      clock: new FakeClock(),
    };
    const none = oneProofVerifier({ ...context, config: { sandbox: false } });
    await expect(none.verify(query('oneproof'))).rejects.toThrow(SlipVerifierUnavailableError);
    expect(warnings).toEqual([expect.stringContaining('BCEL publishes no OneProof API')]);
    expect(oneProofVerifier({ ...context, config: { sandbox: true } })).toBeInstanceOf(SandboxOneProofVerifier);
    expect(warnings).toHaveLength(1);
  });
});
