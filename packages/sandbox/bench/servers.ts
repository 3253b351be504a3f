// The servers of the throughput bench, in their own process: a bare Hono app
// on @hono/node-server (the baseline) and the sandbox with the demo config.
// Prints one JSON line with both addresses, then serves until killed.
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { startSandbox } from "../src/index.ts";

function bareHono(): Promise<string> {
  const app = new Hono();
  app.get("/resource/:id", (c) => c.json({ id: Number(c.req.param("id")), state: "waiting" }));
  app.post("/validate", async (c) => {
    await c.req.json();
    return c.body(null, 204);
  });
  app.post("/token", async (c) => {
    await c.req.parseBody();
    return c.json({ access_token: "x", token_type: "Bearer", expires_in: 3600 });
  });
  const server = createAdaptorServer({ fetch: app.fetch });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

const bareUrl = await bareHono();
const sandbox = await startSandbox({ freezeClock: true });
process.stdout.write(`${JSON.stringify({ bareUrl, baseUrl: sandbox.baseUrl })}\n`);
process.on("SIGTERM", () => {
  sandbox.close().then(() => process.exit(0));
});
