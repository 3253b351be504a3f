// The tracking webhook registered when the store starts, in Medusa's module
// runner (which starts the module as the application does, its
// onApplicationStart included) on a real PostgreSQL, against the sandbox over
// real HTTP: registered at boot with the password grant and no reconcile run,
// left as it is when another instance starts, another address left alone
// (also the one this store registered last: a `db:migrate` container with
// another backend_url must not take it), a failing service logged, not
// thrown, and a slow one not holding the start past its deadline.
import { resolve } from "node:path";
import { moduleIntegrationTestRunner } from "@medusajs/test-utils";
import { expect, it } from "vitest";
import { demoClient } from "../../../test/sandbox-account.ts";
import { SHIPBRIDGE_MODULE } from "./index.ts";
import { AccountLink } from "./models/account-link.ts";
import { Batch } from "./models/batch.ts";
import { BatchOrder } from "./models/batch-order.ts";
import { ConnectRequest } from "./models/connect-request.ts";
import { Shipment } from "./models/shipment.ts";
import { TrackingEvent } from "./models/tracking-event.ts";
import { registerTrackingWebhookAtStart } from "./register-at-start.ts";
import type { ShipbridgeModuleService } from "./service.ts";

const baseUrl = process.env["SHIPBRIDGE_TEST_BASE_URL"] ?? "";
const accountUrl = process.env["SHIPBRIDGE_TEST_ACCOUNT_URL"] ?? "";
const OURS = "https://shop.example.com/hooks/shipbridge/tracking";

moduleIntegrationTestRunner<ShipbridgeModuleService>({
  moduleName: SHIPBRIDGE_MODULE,
  resolve: resolve("src/modules/shipbridge/index.ts"),
  moduleModels: [Shipment, TrackingEvent, ConnectRequest, AccountLink, Batch, BatchOrder],
  dbName: "shipbridge_medusa",
  moduleOptions: {
    clientId: "demo-client",
    clientSecret: "demo-secret",
    username: "demo@shipbridge.dev",
    password: "demo-password",
    baseUrl,
    accountUrl,
    storeId: "medusa-start-test",
    databaseUrl: process.env["SHIPBRIDGE_TEST_TOKENS_DATABASE_URL"],
    backend_url: "https://shop.example.com",
    sender: {
      name: "Sklep Kowalski",
      street: "ul. Marszałkowska 1",
      postcode: "00-624",
      city: "Warszawa",
      country_code: "PL",
      phone: "501234567",
      email: "sklep@example.com",
    },
    services: [{ service: "dpd" }],
    flatPrice: 19.99,
    trackingWebhookSecret: "medusa-webhook-secret-0123456789",
  },
  testSuite: ({ service }) => {
    it("registers the tracking webhook at start, once however many instances start", async () => {
      const client = await demoClient(baseUrl, accountUrl);
      // The module has started: nothing but its start registered the webhook.
      expect((await client.account.trackingWebhook()).url).toBe(OURS);
      const key = `${service.connectionKey}:tracking-webhook`;
      expect(await service.listAccountLinks({ key })).toEqual([
        expect.objectContaining({ state: OURS }),
      ]);

      // Two more instances start at the same moment: still one webhook, one link.
      const warnings: string[] = [];
      const logger = { info: () => undefined, warn: (line: string) => void warnings.push(line) };
      const starts = await Promise.all([
        registerTrackingWebhookAtStart(service, logger),
        registerTrackingWebhookAtStart(service, logger),
      ]);
      expect(starts).toEqual(["registered", "registered"]);
      // Found, not set again: the link was not written anew.
      expect(await service.listAccountLinks({ key })).toEqual([
        expect.objectContaining({ state: OURS }),
      ]);
      expect((await client.account.trackingWebhook()).url).toBe(OURS);
      expect(await service.listAccountLinks({ key })).toHaveLength(1);
      expect(warnings).toEqual([]);

      // The merchant pointed the pushes at another tool: a start leaves them.
      const theirs = "https://another-tool.example/pushes";
      await client.account.setTrackingWebhook({ url: theirs, secret: "another-secret-0123456789" });
      const infos: string[] = [];
      expect(
        await registerTrackingWebhookAtStart(service, { ...logger, info: (l) => infos.push(l) }),
      ).toBe("elsewhere");
      expect((await client.account.trackingWebhook()).url).toBe(theirs);
      expect(infos).toEqual([expect.stringMatching(/another address; left as they are/)]);
      await client.account.setTrackingWebhook({
        url: OURS,
        secret: "medusa-webhook-secret-0123456789",
      });

      // The address this store registered last (what the reconcile job takes
      // back when the backend moved): a start, which may be a CLI container
      // with another backend_url, leaves it to the reconcile job.
      const previous = "https://old-backend.example.com/hooks/shipbridge/tracking";
      await client.account.setTrackingWebhook({
        url: previous,
        secret: "medusa-webhook-secret-0123456789",
      });
      const [link] = await service.listAccountLinks({ key });
      await service.updateAccountLinks({ id: link?.id as string, state: previous });
      expect(await registerTrackingWebhookAtStart(service, logger)).toBe("elsewhere");
      expect((await client.account.trackingWebhook()).url).toBe(previous);
      expect(await service.registerTrackingWebhook()).toBe("registered");
      expect((await client.account.trackingWebhook()).url).toBe(OURS);

      // A slow service: the start answers at its deadline and goes on; the
      // registration finishes in the background.
      await client.account.deleteTrackingWebhook();
      await fetch(`${baseUrl}/_sandbox/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ latency_ms: 1_500, path: "/account/tracking-webhook" }),
      });
      try {
        const slow = { ...logger, info: (line: string) => void infos.push(line) };
        expect(await registerTrackingWebhookAtStart(service, slow, 50)).toBe("deferred");
        expect(infos.at(-1)).toMatch(/registered in the background while the store starts/);
      } finally {
        await fetch(`${baseUrl}/_sandbox/faults`, { method: "DELETE" });
      }
      for (let tries = 0; tries < 100; tries++) {
        const current = await client.account.trackingWebhook().catch(() => undefined);
        if (current?.url === OURS) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await client.account.trackingWebhook()).url).toBe(OURS);

      // The service fails: the start goes on, with a warning that says what follows.
      await fetch(`${baseUrl}/_sandbox/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ status: 503, path: "/account/tracking-webhook" }),
      });
      try {
        // (A deadline longer than the client's retries: the failure itself is looked at.)
        expect(await registerTrackingWebhookAtStart(service, logger, 300_000)).toBe("failed");
      } finally {
        await fetch(`${baseUrl}/_sandbox/faults`, { method: "DELETE" });
      }
      expect(warnings).toEqual([
        expect.stringMatching(/not registered at start; the reconcile job tries again/),
      ]);
      expect(warnings.join()).not.toContain("medusa-webhook-secret");
    });
  },
});
