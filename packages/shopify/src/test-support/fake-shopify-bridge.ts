// Test support: FakeShopify served over loopback HTTP, for an app instance
// running in another process (one a test kills). The other process sends
// each request meant for a shop to this server with the address it was for
// in `x-fake-url`; the answer is FakeShopify's. A request whose process died
// while the fake held it is still run by the fake, as Shopify would.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeShopify } from "../testing/fake-shopify.ts";

export const FAKE_URL_HEADER = "x-fake-url";

const HOP_HEADERS = new Set(["host", "connection", "content-length", FAKE_URL_HEADER]);

export async function serveFakeShopify(
  fake: FakeShopify,
): Promise<{ readonly url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    req.on("error", () => {});
    res.on("error", () => {});
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string" && !HOP_HEADERS.has(name)) headers.set(name, value);
      }
      const method = req.method ?? "GET";
      const answer = await fake.fetch(
        new Request(String(req.headers[FAKE_URL_HEADER]), {
          method,
          headers,
          ...(method === "GET" || method === "HEAD" ? {} : { body: Buffer.concat(chunks) }),
        }),
      );
      const body = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(body);
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
