import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id recommendation: 19 MiB of memory, 2 passes, 1 lane. */
export const OWASP_ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface Argon2Parameters {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

// `Algorithm` is a const enum, which `isolatedModules` cannot read; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;

export class PasswordHasher {
  #dummyHash: Promise<string> | undefined;

  constructor(private readonly parameters: Argon2Parameters = OWASP_ARGON2) {}

  hash(password: string): Promise<string> {
    return hash(password, { ...this.parameters, algorithm: ARGON2ID });
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /** Spends the same work as a real check, so an unknown phone cannot be told apart by timing. */
  async verifyDummy(password: string): Promise<false> {
    this.#dummyHash ??= this.hash('dummy-password-for-equal-work');
    await this.verify(await this.#dummyHash, password);
    return false;
  }
}
