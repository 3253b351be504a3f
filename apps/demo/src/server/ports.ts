// A free loopback port, for a component whose address must be known before it
// starts (the OAuth redirect URIs registered with the sandbox name it).
import { freePort } from "@shipbridge/tooling/free-port";

export { freePort };

export async function portOr(fixed: number): Promise<number> {
  return fixed === 0 ? freePort() : fixed;
}
