// verifyTrackingPush against the pushes the sandbox really sends: a shop's
// webhook endpoint on 127.0.0.1 receives the tracking of an ordered package
// over HTTP, and every push verifies under the registered secret, and under
// no other, and not once changed.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyTrackingPush } from "@shipbridge/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageV2 } from "../testing/packages.ts";
import { useSandbox } from "../testing/shared-sandbox.ts";

const SECRET = "shop-webhook-secret-0123456789";

const sandbox = useSandbox();
let server: Server;
let hookUrl: string;
const received: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push(Buffer.concat(chunks).toString("utf8"));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tracking`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

async function pushesFor(packageId: number, count: number): Promise<string[]> {
  // Pushes go out during the clock advance and once a second after it.
  for (let attempt = 0; attempt < 200; attempt++) {
    const mine = received.filter((body) => body.includes(`"package_id":${packageId}`));
    if (mine.length >= count) return mine;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return received.filter((body) => body.includes(`"package_id":${packageId}`));
}

describe("verifyTrackingPush on the sandbox's pushes", () => {
  it("verifies every push of an ordered package under the registered secret only", async () => {
    const client = sandbox.timedClient();
    await client.account.setTrackingWebhook({ url: hookUrl, secret: SECRET, language: "pl_PL" });
    const created = await client.packages.create(packageV2("push-verify-1"));
    const id = created.package.package_id;
    const ordered = await client.orderCommands.run(crypto.randomUUID(), { packages: [{ id }] });
    expect(ordered.status).toBe("successful");
    await sandbox.advanceClock(5 * 24 * 3600);

    const bodies = await pushesFor(id, 2);
    expect(bodies.length).toBeGreaterThanOrEqual(2);
    for (const body of bodies) {
      const result = verifyTrackingPush(body, SECRET);
      expect(result.ok, body).toBe(true);
      if (!result.ok) continue;
      expect(Number(result.value.package_id)).toBe(id);
      expect(result.value.partner_order_id).toBe("push-verify-1");

      const other = verifyTrackingPush(body, `${SECRET}!`);
      expect(other.ok ? "" : other.error.issues[0]?.rule).toBe("tracking_push_control_mismatch");
      const changed = { ...result.value, tracking: { ...result.value.tracking, state: "x" } };
      expect(verifyTrackingPush(changed, SECRET).ok).toBe(false);
    }
    const states = bodies.map(
      (body) => (JSON.parse(body) as { tracking: { state: string } }).tracking.state,
    );
    expect(states).toContain("delivered");
  });
});
