// A free TCP port on the loopback interface, for a test server that must be
// told its port before it starts (a port of 0 is better where the server can
// take it and report back). The port is free when this resolves; another
// process may still take it before the caller listens.
import { createServer } from "node:net";

/** A port nothing listens on at `host` (default 127.0.0.1) right now. */
export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("the probe server has no port")),
      );
    });
  });
}
