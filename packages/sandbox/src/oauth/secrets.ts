// Random values and hashes for the OAuth server's secrets. Codes and refresh
// tokens are handed out once and stored only as SHA-256 hashes.
import { createHash, randomBytes, randomUUID } from "node:crypto";

export function sha256(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** An opaque URL-safe secret (refresh tokens, CSRF tokens, request ids). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * An authorization code in standard base64 with padding that always contains
 * `/`, `+` and `=`: a client that forgets to URL-decode the code it receives
 * on its return address sends a different string and is refused, exactly as
 * the real service refuses it.
 */
export function authorizationCode(): string {
  for (;;) {
    const code = randomBytes(32).toString("base64");
    if (code.includes("/") && code.includes("+") && code.endsWith("=")) return code;
  }
}

export function randomId(): string {
  return randomUUID();
}
