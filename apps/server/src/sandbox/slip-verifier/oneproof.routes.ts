import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import {
  ONEPROOF_SANDBOX_SIGNATURE_HEADERS,
  SANDBOX_ONEPROOF_SECRET,
} from '../../adapters/slip-verifier/oneproof-sandbox.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerSignedRoutes } from '../../lib/raw-body.ts';
import { checkSignedRequest } from '../signed-request.ts';
import type { SandboxOneProofParty } from './oneproof.party.ts';

const verifyRequest = z.object({ qr: z.string().check(z.minLength(1), z.maxLength(512)) });

/**
 * SANDBOX ONLY: `POST /sandbox/bcel/oneproof/verify { qr }` (signed), the sandbox's OneProof verifier
 * (docs/parties/slip-verifier.md, BCEL OneProof). A protocol of the sandbox's own: BCEL publishes none.
 */
export async function sandboxOneProofRoutes(app: FastifyInstance, deps: { party: SandboxOneProofParty; clock: Clock }) {
  await registerSignedRoutes(app, (route) =>
    route({
      method: 'POST',
      url: '/sandbox/bcel/oneproof/verify',
      auth: false,
      summary: "SANDBOX BCEL OneProof verifier: the sandbox bank's BCEL transfer a OneProof QR names (signed)",
      tags: ['sandbox'],
      body: verifyRequest,
      response: z.unknown(),
      handler: ({ request, body }) => {
        checkSignedRequest(ONEPROOF_SANDBOX_SIGNATURE_HEADERS, SANDBOX_ONEPROOF_SECRET, deps.clock, request);
        return deps.party.verify(body.qr);
      },
    }),
  );
}
