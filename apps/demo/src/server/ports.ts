// A free loopback port, for a component whose address must be known before it
// starts (the OAuth redirect URIs registered with the sandbox name it).
import { createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

export async function portOr(fixed: number): Promise<number> {
  return fixed === 0 ? freePort() : fixed;
}
