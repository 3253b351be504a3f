// The shipbridge module in Medusa's module runner on a real PostgreSQL,
// against the sandbox over real HTTP: the sandbox's own tracking pushes are
// verified and kept once, a forged push is refused and changes nothing, the
// reconcile job's polling keeps what pushes missed, and labels and pickup
// points come from the service.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { moduleIntegrationTestRunner } from "@medusajs/test-utils";
import { type ShippingClient, shipOrder } from "@shipbridge/core";
import { SENDER } from "@shipbridge/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoClient as accountClient, LOST_ORDER_ANSWERS } from "../../../test/sandbox-account.ts";
import { ShipbridgeFulfillmentService } from "../../providers/shipbridge/service.ts";
import { SHIPBRIDGE_MODULE } from "./index.ts";
import { AccountLink } from "./models/account-link.ts";
import { Batch } from "./models/batch.ts";
import { BatchOrder } from "./models/batch-order.ts";
import { ConnectRequest } from "./models/connect-request.ts";
import { MerchantSettings } from "./models/merchant-settings.ts";
import { Shipment } from "./models/shipment.ts";
import { TrackingEvent } from "./models/tracking-event.ts";
import type { ShipbridgeModuleService } from "./service.ts";

const SECRET = "medusa-webhook-secret-0123456789";
const baseUrl = process.env["SHIPBRIDGE_TEST_BASE_URL"] ?? "";
const accountUrl = process.env["SHIPBRIDGE_TEST_ACCOUNT_URL"] ?? "";
const RECEIVER = {
  first_name: "Anna",
  last_name: "Nowak",
  address_1: "ul. Długa 5",
  postal_code: "80-831",
  city: "Gdańsk",
  country_code: "pl",
  phone: "601234567",
};
let hook: Server;
let hookUrl = "";
const received: string[] = [];

beforeAll(async () => {
  hook = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push(Buffer.concat(chunks).toString("utf8"));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hooks/shipbridge/tracking`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => hook?.close(() => resolve()));
});

function demoClient(): Promise<ShippingClient> {
  return accountClient(baseUrl, accountUrl);
}

/** Ships one order through core, as the provider does, and returns its package id. */
async function shippedPackage(client: ShippingClient, orderId: string): Promise<number> {
  const result = await shipOrder(
    client,
    {
      id: orderId,
      name: `#${orderId}`,
      customer: { email: "anna@example.com", phone: "601234567" },
      shipping_address: {
        first_name: "Anna",
        last_name: "Nowak",
        street: "ul. Długa 5",
        postcode: "80-831",
        city: "Gdańsk",
        country_code: "PL",
      },
      items: [{ name: "Mug", quantity: 1, weight: { value: 400, unit: "g" }, price: 39.9 }],
      currency: "PLN",
      totals: { total: 39.9 },
      shipping: { service: "dpd" },
    },
    { storeId: "medusa-module-test", sender: SENDER, parcel: { width: 30, depth: 20, height: 10 } },
  );
  return result.packageId;
}

async function pushesFor(packageId: number, count: number): Promise<string[]> {
  const mine = () => received.filter((body) => body.includes(`"package_id":${packageId}`));
  // Pushes go out during the clock advance and shortly after it.
  for (let attempt = 0; attempt < 200 && mine().length < count; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return mine();
}

const MODULE_OPTIONS = {
  clientId: "demo-client",
  clientSecret: "demo-secret",
  username: "demo@shipbridge.dev",
  password: "demo-password",
  baseUrl,
  accountUrl,
  storeId: "medusa-module-test",
  databaseUrl: process.env["SHIPBRIDGE_TEST_TOKENS_DATABASE_URL"],
  sender: SENDER,
  services: [{ service: "inpost", pickup_point: true }, { service: "dpd" }],
  flatPrice: 19.99,
  trackingWebhookSecret: SECRET,
};

moduleIntegrationTestRunner<ShipbridgeModuleService>({
  moduleName: SHIPBRIDGE_MODULE,
  // Medusa imports the module by path (Node strips the types); tests run from the package folder.
  resolve: resolve("src/modules/shipbridge/index.ts"),
  moduleModels: [
    Shipment,
    TrackingEvent,
    ConnectRequest,
    AccountLink,
    Batch,
    BatchOrder,
    MerchantSettings,
  ],
  dbName: "shipbridge_medusa",
  moduleOptions: MODULE_OPTIONS,
  testSuite: ({ service }) => {
    it("keeps the sandbox's pushes once, refuses a forged one, and polls what pushes missed", async () => {
      const client = await demoClient();
      await client.account.setTrackingWebhook({ url: hookUrl, secret: SECRET });
      const packageId = await shippedPackage(client, "push-1");
      await service.recordShipment({
        fulfillment: { id: "ful_push_1", data: { package_id: packageId, service: "dpd" } },
      });
      await fetch(`${baseUrl}/_sandbox/clock/advance`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ seconds: 5 * 24 * 3600 }),
      });
      const bodies = await pushesFor(packageId, 2);
      expect(bodies.length).toBeGreaterThanOrEqual(2);

      const first = await service.recordTrackingPush(bodies[0]!);
      expect(first).toMatchObject({
        package_id: packageId,
        fulfillment_id: "ful_push_1",
        recorded: true,
      });
      // A replay changes nothing.
      const replay = await service.recordTrackingPush(bodies[0]!);
      expect(replay.recorded).toBe(false);
      const afterOne = await service.listTrackingEvents({ package_id: packageId });
      expect(afterOne).toHaveLength(1);

      // A forged push: the state changed, the checksum not.
      const forged = JSON.parse(bodies[1]!) as { tracking: { state: string } };
      forged.tracking.state = forged.tracking.state === "delivered" ? "returned" : "delivered";
      await expect(service.recordTrackingPush(JSON.stringify(forged))).rejects.toThrow(
        /refused: control tracking_push_control_mismatch/,
      );
      expect(await service.listTrackingEvents({ package_id: packageId })).toHaveLength(1);
      const [shipment] = await service.listShipments({ package_id: packageId });
      expect(shipment?.tracking_state).toBe(JSON.parse(bodies[0]!).tracking.state);

      // The reconcile job keeps the events the pushes did not bring.
      const updates = await service.reconcileTracking();
      const events = await service.listTrackingEvents({ package_id: packageId });
      const tracking = (await client.packages.tracking(packageId)).flatMap((p) => p.tracking);
      expect(events).toHaveLength(tracking.length);
      expect(updates.length).toBe(tracking.length - 1);
      const last = [...tracking].sort((a, b) => a.datetime.localeCompare(b.datetime)).at(-1);
      const [reconciled] = await service.listShipments({ package_id: packageId });
      expect(reconciled?.tracking_state).toBe(last?.state);
    });

    it("keeps nothing of a push that comes before its shipment is recorded, then takes it", async () => {
      const client = await demoClient();
      await client.account.setTrackingWebhook({ url: hookUrl, secret: SECRET });
      const packageId = await shippedPackage(client, "push-early");
      await fetch(`${baseUrl}/_sandbox/clock/advance`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ seconds: 5 * 24 * 3600 }),
      });
      const [body] = await pushesFor(packageId, 1);
      expect(body).toBeDefined();
      // Not recorded yet: refused for a retry, nothing kept.
      await expect(service.recordTrackingPush(body!)).rejects.toMatchObject({
        code: "shipment_not_recorded_yet",
        message: expect.stringMatching(/not recorded yet/),
      });
      expect(await service.listTrackingEvents({ package_id: packageId })).toEqual([]);
      // The service pushes again once the shipment is recorded: taken.
      await service.recordShipment({
        fulfillment: { id: "ful_push_early", data: { package_id: packageId, service: "dpd" } },
      });
      const taken = await service.recordTrackingPush(body!);
      expect(taken).toMatchObject({ fulfillment_id: "ful_push_early", recorded: true });
      const [shipment] = await service.listShipments({ package_id: packageId });
      expect(shipment?.tracking_state).toBe(JSON.parse(body!).tracking.state);
    });

    it("polls a shipment on its way behind 500 older finished ones", async () => {
      await service.createShipments(
        Array.from({ length: 500 }, (_, index) => ({
          fulfillment_id: `ful_done_${index}`,
          package_id: 900_000 + index,
          command_id: "",
          service: "dpd",
          tracking_state: "delivered",
        })),
      );
      const client = await demoClient();
      const packageId = await shippedPackage(client, "poll-late");
      await service.recordShipment({
        fulfillment: { id: "ful_poll_late", data: { package_id: packageId, service: "dpd" } },
      });
      await fetch(`${baseUrl}/_sandbox/clock/advance`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ seconds: 5 * 24 * 3600 }),
      });
      const updates = await service.reconcileTracking();
      expect(updates.some((update) => update.package_id === packageId)).toBe(true);
      const [shipment] = await service.listShipments({ package_id: packageId });
      expect(shipment?.tracking_state).not.toBeNull();
    });

    it("cancels the package of an attempt that threw after the service charged, once", async () => {
      // The provider of the same store: its order command's answers are lost
      // after the service ordered (charged) the package, so it throws, and
      // Medusa deletes the fulfillment; nobody retries.
      const provider = new ShipbridgeFulfillmentService({}, MODULE_OPTIONS);
      const control = (method: string, body?: unknown) =>
        fetch(`${baseUrl}/_sandbox/faults`, {
          method,
          ...(body === undefined
            ? {}
            : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
        });
      // The order command is accepted (and charged); every answer to it is lost.
      await control("POST", LOST_ORDER_ANSWERS);
      const order = {
        id: "order_orphan",
        display_id: 7,
        email: "anna@example.com",
        currency_code: "pln",
        total: 39.9,
        items: [{ id: "li_1", title: "Mug", unit_price: 39.9, variant: { weight: 400 } }],
      };
      await expect(
        provider.createFulfillment(
          { service: "dpd" },
          [{ title: "Mug", quantity: 1, line_item_id: "li_1" }],
          order,
          { id: "ful_orphan", delivery_address: { ...RECEIVER } },
        ),
      ).rejects.toThrow();
      await control("DELETE");
      const client = await demoClient();
      try {
        // Within the grace period the admin's retry may still take it over.
        expect(await service.reconcileAttempts()).toEqual([]);
        // The job leaves the attempt while its order command is still
        // working at the service, and settles it once the command ended.
        let settled = await service.reconcileAttempts({ graceMs: 0 });
        for (let run = 0; run < 100 && settled[0]?.outcome === "failed"; run++) {
          expect(settled[0]?.reason).toMatch(/order command is still/);
          await new Promise((resolve) => setTimeout(resolve, 200));
          settled = await service.reconcileAttempts({ graceMs: 0 });
        }
        expect(settled).toHaveLength(1);
        expect(settled[0]?.reason).toBeUndefined();
        expect(settled[0]).toMatchObject({ order_id: "order_orphan", outcome: "cancelled" });
        expect(settled[0]?.package_ids).toHaveLength(1);
        const pkg = await client.packages.get(settled[0]?.package_ids[0] ?? 0);
        expect(pkg.state).toBe("canceled");
        // Taken once: the next run finds nothing to settle.
        expect(await service.reconcileAttempts({ graceMs: 0 })).toEqual([]);
      } finally {
        await provider.connection.close();
      }
    });

    it("refuses a push when no secret verifies it, and keeps nothing", async () => {
      await expect(service.recordTrackingPush("{not json")).rejects.toThrow(/refused/);
      expect(await service.listTrackingEvents({ package_id: 999_999 })).toHaveLength(0);
    });

    it("downloads a shipped fulfillment's label", async () => {
      const client = await demoClient();
      const packageId = await shippedPackage(client, "label-1");
      await service.recordShipment({
        fulfillment: { id: "ful_label_1", data: { package_id: packageId, service: "dpd" } },
      });
      const label = await service.labelOf("ful_label_1");
      expect(label.contentType).toBe("application/pdf");
      expect(new TextDecoder().decode(label.bytes.subarray(0, 5))).toBe("%PDF-");
      await expect(service.labelOf("ful_unknown")).rejects.toThrow(/no shipment/);
      expect(await service.accountState()).toBe("connected");
    });

    it("points the account's tracking pushes at the store, leaving another address unless told", async () => {
      const client = await demoClient();
      const ours = "http://localhost:9000/hooks/shipbridge/tracking";
      try {
        // None registered: the reconcile job's call registers the store's.
        // (There is one when the tests before have run.)
        await client.account.deleteTrackingWebhook().catch(() => undefined);
        await expect(client.account.trackingWebhook()).rejects.toThrow(/Not found/);
        expect(await service.registerTrackingWebhook()).toBe("registered");
        expect((await client.account.trackingWebhook()).url).toBe(ours);
        // Already the store's: registered again, so the secret stays current.
        expect(await service.registerTrackingWebhook()).toBe("registered");
        // Another address (the merchant's own tool): left as it is...
        await client.account.setTrackingWebhook({ url: hookUrl, secret: SECRET });
        expect(await service.registerTrackingWebhook()).toBe("elsewhere");
        expect((await client.account.trackingWebhook()).url).toBe(hookUrl);
        // ...unless the merchant has just connected this store.
        expect(await service.registerTrackingWebhook({ replace: true })).toBe("registered");
        const registered = await client.account.trackingWebhook();
        expect(registered.url).toBe(ours);
        expect(JSON.stringify(registered)).not.toContain(SECRET);

        // The store's backend moved: the address it registered last is still its own.
        const [link] = await service.listAccountLinks({
          key: `${service.connectionKey}:tracking-webhook`,
        });
        expect(link?.state).toBe(ours);
        const old = "http://old-backend.example/hooks/shipbridge/tracking";
        await service.updateAccountLinks({ id: link?.id as string, state: old });
        await client.account.setTrackingWebhook({ url: old, secret: SECRET });
        expect(await service.registerTrackingWebhook()).toBe("registered");
        expect((await client.account.trackingWebhook()).url).toBe(ours);

        // A takeover at connecting that failed is remembered: the next call takes over.
        await client.account.setTrackingWebhook({ url: hookUrl, secret: SECRET });
        await fetch(`${baseUrl}/_sandbox/faults`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ status: 503, method: "PUT", path: "/account/tracking-webhook" }),
        });
        try {
          await expect(service.registerTrackingWebhook({ replace: true })).rejects.toThrow();
        } finally {
          await fetch(`${baseUrl}/_sandbox/faults`, { method: "DELETE" });
        }
        expect((await client.account.trackingWebhook()).url).toBe(hookUrl);
        expect(await service.registerTrackingWebhook()).toBe("registered");
        expect((await client.account.trackingWebhook()).url).toBe(ours);
        // Once taken over, another address is left alone again.
        await client.account.setTrackingWebhook({ url: hookUrl, secret: SECRET });
        expect(await service.registerTrackingWebhook()).toBe("elsewhere");
      } finally {
        await client.account.setTrackingWebhook({ url: hookUrl, secret: SECRET });
      }
    });

    describe("a batch's run", () => {
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const progress = (created: number) => ({
        phase: "buying",
        created,
        ordered: 0,
        labelled: 0,
        fulfilled: 0,
        failed: 0,
        remaining_ms: 5_000,
        progress_at: new Date(),
      });

      it("answers a key sent again with its batch, and refuses it for anything else", async () => {
        const first = await service.openBatch({
          key: "key-1",
          order_ids: ["order_K1", "order_K2"],
          location_id: "sloc_1",
        });
        expect(first.created).toBe(true);
        const again = await service.openBatch({
          key: "key-1",
          order_ids: ["order_K2", "order_K1"],
          location_id: "sloc_1",
        });
        expect(again).toEqual({ id: first.id, created: false });
        const refused = (request: Parameters<typeof service.openBatch>[0]) =>
          service.openBatch(request).then(
            () => undefined,
            (error: { code?: unknown }) => error.code,
          );
        expect(
          await refused({
            key: "key-1",
            order_ids: ["order_K1", "order_K2"],
            location_id: "sloc_2",
          }),
        ).toBe("batch_key_reused");
        expect(await refused({ key: "key-1", order_ids: ["order_K1", "order_K2"] })).toBe(
          "batch_key_reused",
        );
        expect(
          await refused({ key: "key-1", order_ids: ["order_K1"], location_id: "sloc_1" }),
        ).toBe("batch_key_reused");
        expect(
          await refused({ key: "key-1", order_ids: ["order_K1", "order_K2"], all_waiting: true }),
        ).toBe("batch_key_reused");
        // "All waiting" again answers its batch whatever waits now; a list under its key is refused.
        const waiting = await service.openBatch({
          key: "key-2",
          order_ids: ["order_K3"],
          all_waiting: true,
        });
        expect(
          await service.openBatch({ key: "key-2", order_ids: ["order_K4"], all_waiting: true }),
        ).toEqual({ id: waiting.id, created: false });
        expect(await refused({ key: "key-2", order_ids: ["order_K3"] })).toBe("batch_key_reused");
        expect(await service.batchOfKey("key-2")).toEqual({
          id: waiting.id,
          all_waiting: true,
          location_id: null,
          order_ids: ["order_K3"],
        });
      });

      it("keeps every courier booking made at the same moment, and cancels one alone", async () => {
        const { id } = await service.openBatch({ key: "pickups-1", order_ids: ["order_P1"] });
        const booking = (n: number) => ({
          command_id: `cmd-${n}`,
          service: n % 2 === 0 ? "dpd" : "gls",
          pickup_number: null,
          package_ids: [n],
          cancelled: false,
        });
        await Promise.all(
          Array.from({ length: 8 }, (_, n) => service.addBatchPickups(id, [booking(n)])),
        );
        // The same booking again replaces itself.
        await service.addBatchPickups(id, [{ ...booking(3), pickup_number: "P-3" }]);
        await service.cancelBatchPickupEntry(id, "cmd-5");
        const pickups = (await service.batchOf(id)).pickups as unknown as ReturnType<
          typeof booking
        >[];
        expect(pickups.map((entry) => entry.command_id).sort()).toEqual(
          Array.from({ length: 8 }, (_, n) => `cmd-${n}`),
        );
        expect(pickups.find((entry) => entry.command_id === "cmd-3")?.pickup_number).toBe("P-3");
        expect(pickups.filter((entry) => entry.cancelled).map((entry) => entry.command_id)).toEqual(
          ["cmd-5"],
        );
      });

      it("writes only while it holds the batch, and a queued batch has no time left", async () => {
        const { id } = await service.openBatch({ key: "lease-1", order_ids: ["order_L1"] });
        const [row] = await service.listBatchOrders({ batch_id: id });
        if (row === undefined) throw new Error("no row");
        expect(await service.claimBatch(id, "run-a", 50)).toBe(true);
        expect(await service.updateBatchOrderFor(id, "run-a", row.id, { state: "bought" })).toBe(
          true,
        );
        expect(await service.saveBatchProgressFor(id, "run-a", progress(1))).toBe(true);
        // Run a's lease lapses (its process hangs): it writes nothing any more...
        await pause(80);
        expect(
          await service.updateBatchOrderFor(id, "run-a", row.id, {
            state: "failed",
            code: "batch_interrupted",
            messages: { en_GB: "late", pl_PL: "późno" },
          }),
        ).toBe(false);
        // ...and once run b took the batch over, nothing either.
        expect(await service.claimBatch(id, "run-b", 30_000)).toBe(true);
        expect(await service.updateBatchOrderFor(id, "run-a", row.id, { state: "failed" })).toBe(
          false,
        );
        expect(await service.saveBatchProgressFor(id, "run-a", progress(9))).toBe(false);
        expect(await service.assignBatchOrder(id, "run-a", row.id, "sm_A")).toBe(false);
        expect(await service.addBatchOrders(id, "run-a", "order_L1", ["sm_B"])).toEqual([]);
        const [kept] = await service.listBatchOrders({ id: row.id });
        expect(kept).toMatchObject({ state: "bought", code: null, shipping_method_id: null });
        expect((await service.batchOf(id)).created).toBe(1);
        // Run b writes, rows of further shipping methods are added once.
        expect(
          await service.updateBatchOrderFor(id, "run-b", row.id, {
            state: "failed",
            code: "order_cancelled",
            messages: { en_GB: "cancelled", pl_PL: "anulowane" },
            issues: null,
          }),
        ).toBe(true);
        expect(await service.assignBatchOrder(id, "run-b", row.id, "sm_A")).toBe(true);
        const added = await service.addBatchOrders(id, "run-b", "order_L1", ["sm_B"]);
        expect(added.map((entry) => entry.shipping_method_id)).toEqual(["sm_B"]);
        expect(await service.addBatchOrders(id, "run-b", "order_L1", ["sm_B"])).toEqual([]);
        expect((await service.batchOf(id)).total).toBe(2);
        const [written] = await service.listBatchOrders({ id: row.id });
        expect(written).toMatchObject({
          state: "failed",
          code: "order_cancelled",
          messages: { en_GB: "cancelled", pl_PL: "anulowane" },
          shipping_method_id: "sm_A",
        });
        // Run b fails and gives the batch back to the queue: no estimate left.
        expect(await service.saveBatchProgressFor(id, "run-b", progress(2))).toBe(true);
        await service.releaseBatch(id, "run-b", false);
        expect(await service.batchOf(id)).toMatchObject({ state: "queued", remaining_ms: null });
        expect(await service.saveBatchProgressFor(id, "run-b", progress(3))).toBe(false);
      });
    });

    describe("pickup points", () => {
      it("lists open points of a pickup-point carrier near an address", async () => {
        const points = await service.pickupPoints({ service: "inpost", city: "Gdańsk" });
        expect(points.length).toBeGreaterThan(0);
        for (const point of points) {
          expect(point.service).toBe("inpost");
          expect(point.active).not.toBe(false);
        }
      });

      it("finds one point of the carrier by its code, wherever it is", async () => {
        const [far] = await service.pickupPoints({ service: "inpost", city: "Kraków" });
        const code = String(far?.code);
        const found = await service.pickupPoints({
          service: "inpost",
          city: "Gdańsk",
          point_id: code.toLowerCase(),
        });
        expect(found.map((point) => point.code)).toEqual([code]);
        // A code of another carrier's point is not one of this carrier's.
        const client = await demoClient();
        const { points: dpd } = await client.points.map({
          location: { address: { city: "Gdańsk", country_code: "PL" } },
          filters: { services: ["dpd"] },
          limit: 1,
        });
        const dpdCode = String(dpd[0]?.code);
        expect(
          await service.pickupPoints({ service: "inpost", city: "Gdańsk", point_id: dpdCode }),
        ).toEqual([]);
      });

      it("refuses a carrier the store does not offer with pickup points", async () => {
        await expect(service.pickupPoints({ service: "dpd", city: "Gdańsk" })).rejects.toThrow(
          /not a pickup-point service/,
        );
      });
    });
  },
});
