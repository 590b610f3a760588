import type { SlipQuery, SlipVerification, SlipVerifier } from './slip-verifier.ts';

/**
 * Sends each slip to the verifier of its kind: a Thai slip-verify mini-QR to the configured Thai verifier, a BCEL
 * OneProof to the OneProof verifier (oneproof-sandbox.ts). The slip service sees one SlipVerifier.
 */
export class SlipVerifierByKind implements SlipVerifier {
  constructor(private readonly verifiers: Readonly<Record<SlipQuery['kind'], SlipVerifier>>) {}

  verify(query: SlipQuery): Promise<SlipVerification> {
    return this.verifiers[query.kind].verify(query);
  }
}
