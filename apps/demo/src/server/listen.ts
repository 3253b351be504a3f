// The port a server listens on, once it listens (port 0 picks a free one).
import type { AddressInfo } from "node:net";
import type { ServerType } from "@hono/node-server";

export function listening(server: ServerType): Promise<number> {
  return new Promise((resolve, reject) => {
    const address = () => (server.address() as AddressInfo | null)?.port;
    const port = address();
    if (port !== undefined) return resolve(port);
    server.once("error", reject);
    server.once("listening", () => {
      server.off("error", reject);
      resolve(address() ?? 0);
    });
  });
}
