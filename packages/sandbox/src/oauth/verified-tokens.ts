// Access tokens whose ES256 signature was already checked, so that the next
// call with the same token skips the verification (the costliest step of a
// REST call). Only the signature's verdict is remembered: expiry by the
// sandbox clock and revocation are checked on every call. Bounded: the
// oldest entries go first.
export interface VerifiedToken {
  readonly jti: string;
  /** Expiry, seconds since the epoch (the JWT's exp). */
  readonly exp: number;
}

export const MAX_VERIFIED_TOKENS = 10_000;

export class VerifiedTokens {
  readonly #entries = new Map<string, VerifiedToken>();
  readonly #max: number;

  constructor(max = MAX_VERIFIED_TOKENS) {
    this.#max = max;
  }

  get(token: string): VerifiedToken | undefined {
    return this.#entries.get(token);
  }

  add(token: string, verified: VerifiedToken): void {
    if (this.#entries.size >= this.#max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(token, verified);
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}
