// The settings page's API in the whole application: the settings in force
// (medusa-config.ts's until the merchant saves), the account's connection and
// where its tracking pushes go; bad values refused naming every field path
// and rule at once, in English and Polish; saved values overriding
// medusa-config.ts for the provider (its options, the sender a parcel is
// bought with, cash on delivery's account), a shipping-day batch and the
// order-placed subscriber; an order paid on delivery refused, by hand and by
// batch, once cash on delivery is turned off (never shipped prepaid);
// an empty save going back to the defaults; a save whose workflow fails
// afterwards undone.
import { MedusaError } from "@medusajs/framework/utils";
import {
  createStep,
  createWorkflow,
  type WorkflowData,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk";
import { medusaIntegrationTestRunner } from "@medusajs/test-utils";
import { keepSettingsStep } from "@shipbridge/medusa/workflows/save-settings";
import { describe, expect, it } from "vitest";
import seed from "../src/scripts/seed.ts";
import { adminHeaders, storeHeaders } from "./admin-session.ts";
import { account, paid, sandboxToken } from "./sandbox-account.ts";
import { answer, placeOrder } from "./store-checkout.ts";

// A workflow that keeps settings and then fails: its compensation must put
// the previous settings back.
const failAfterwards = createStep("test-settings-fail-afterwards", async () => {
  throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "a later step failed");
});
const saveThenFail = createWorkflow(
  "test-save-settings-then-fail",
  (settings: WorkflowData<Record<string, unknown>>) => {
    keepSettingsStep(settings);
    failAfterwards();
    return new WorkflowResponse(undefined);
  },
);

const sandbox = () => process.env["SHIPBRIDGE_BASE_URL"] as string;
const IBAN = "PL61109010140000071219812874";

const SENDER = {
  name: "Hurtownia Nowak",
  street: "ul. Grunwaldzka 100",
  postcode: "80244",
  city: "Gdańsk",
  country_code: "pl",
  phone: "+48 600 100 200",
  email: "hurtownia@example.com",
};

/** Points the demo account's tracking pushes at another tool's address. */
async function webhookElsewhere(url: string): Promise<void> {
  const response = await fetch(`${sandbox()}/account/tracking-webhook`, {
    method: "PUT",
    headers: {
      authorization: `Bearer ${await sandboxToken()}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({ url, secret: "another-tool-secret-0001" }),
  });
  expect(response.ok).toBe(true);
}

medusaIntegrationTestRunner({
  cwd: process.cwd(),
  testSuite: ({ api, getContainer }) => {
    describe("the settings page's API", () => {
      it("shows, refuses, saves and applies the merchant's settings", async () => {
        const container = getContainer();
        await seed({ container, args: [] } as never);
        const admin = await adminHeaders(api, container);
        const store = await storeHeaders(container);
        const settings = async () => (await api.get("/admin/shipbridge/settings", admin)).data;
        const offered = async () =>
          (
            await api.get("/admin/fulfillment-providers/shipbridge_shipbridge/options", admin)
          ).data.fulfillment_options.map((option: { id: string }) => option.id);

        // medusa-config.ts's values until the merchant saves any.
        const first = await settings();
        expect(first.saved).toEqual({});
        expect(first.settings).toEqual(first.defaults);
        expect(first.settings.sender).toMatchObject({ name: "Sklep Kowalski", city: "Warszawa" });
        expect(first.settings.services.map((s: { service: string }) => s.service)).toEqual([
          "inpost",
          "dpd",
        ]);
        expect(first.carriers).toEqual(expect.arrayContaining(["inpost", "dpd", "dhl"]));
        expect(first.connection).toEqual({ state: "connected", grant: "password" });
        expect(await offered()).toEqual(["inpost-point", "dpd", "dpd-return"]);

        // The tracking webhook's state: another tool's address, then this store's.
        await webhookElsewhere("https://other-tool.example.com/hooks");
        expect((await settings()).tracking_webhook).toMatchObject({
          state: "elsewhere",
          current: "https://other-tool.example.com/hooks",
        });
        await api.post("/admin/shipbridge/tracking-webhook", {}, admin);
        const registered = (await settings()).tracking_webhook;
        expect(registered.state).toBe("registered");
        expect(registered.current).toBe(registered.url);
        expect(registered.url).toMatch(/\/hooks\/shipbridge\/tracking$/);

        // Bad values: every field path and rule at once, in both languages.
        const bad = {
          sender: { ...SENDER, postcode: "ABC", phone: "12" },
          pickup: { ...SENDER, street: "Magazynowa" },
          services: [{ service: "dpd" }, { service: "pigeon" }, { service: "dpd" }],
          cod: { iban: "PL00 1234" },
          colour: "red",
        };
        const refused = await answer(api.post("/admin/shipbridge/settings", bad, admin));
        expect(refused.status).toBe(400);
        expect(refused.data).toMatchObject({ type: "invalid_data", code: "validation_failed" });
        const issues = refused.data["issues"] as {
          path: string;
          rule: string;
          message: string;
          messages: { en_GB: string; pl_PL: string };
        }[];
        expect(issues.map((issue) => `${issue.path} ${issue.rule}`).sort()).toEqual(
          [
            "colour unknown_field",
            "sender.postcode postcode_invalid",
            "sender.phone phone_invalid",
            "pickup.street house_number_missing",
            "services.1.service carrier_unknown",
            "services.2.service invalid_value",
            "cod.iban iban_invalid",
          ].sort(),
        );
        for (const issue of issues) {
          expect(issue.message).toBe(issue.messages.en_GB);
          expect(issue.messages.pl_PL).toBeTruthy();
          expect(issue.messages.pl_PL).not.toBe(issue.messages.en_GB);
          expect(String(refused.data["message"])).toContain(`${issue.path} ${issue.rule}`);
        }
        const polish = await answer(
          api.post("/admin/shipbridge/settings", bad, {
            headers: { ...admin.headers, "accept-language": "pl" },
          }),
        );
        expect(polish.status).toBe(400);
        const plIssues = polish.data["issues"] as { path: string; message: string }[];
        expect(plIssues.find((issue) => issue.path === "cod.iban")?.message).toBe(
          issues.find((issue) => issue.path === "cod.iban")?.messages.pl_PL,
        );
        expect(JSON.stringify(polish.data)).not.toMatch(/<html|at .*\.js:\d+/i);
        // Nothing was saved.
        expect((await settings()).saved).toEqual({});

        // Good values, normalized, in force over medusa-config.ts.
        const saved = await api.post(
          "/admin/shipbridge/settings",
          {
            sender: SENDER,
            pickup: null,
            services: [
              { service: "inpost", name: "Paczkomat", pickup_point: true },
              { service: "dpd", name: "DPD kurier", returns: true },
              { service: "dhl", name: "DHL" },
            ],
            cod: { iban: "PL61 1090 1014 0000 0712 1981 2874" },
            cod_payment_providers: ["pp_system_default"],
          },
          admin,
        );
        expect(saved.status).toBe(200);
        expect(saved.data.settings.sender).toEqual({
          ...SENDER,
          postcode: "80-244",
          country_code: "PL",
          phone: "600100200",
        });
        expect(saved.data.settings.cod).toEqual({ iban: IBAN });
        expect(saved.data.saved.services).toHaveLength(3);
        expect(saved.data.defaults.sender.city).toBe("Warszawa");
        expect(await offered()).toEqual(["inpost-point", "dpd", "dpd-return", "dhl"]);

        // An order paid with the system provider: the subscriber marks it
        // paid on delivery from the saved settings, and its parcel is bought
        // from the saved sender, collecting into the saved account.
        // An order to the test's address with the courier, paid with the system provider.
        const placeCourierOrder = () =>
          placeOrder(api, store, { option: "dpd", email: "jan@example.com" });
        const order = await placeCourierOrder();
        const query = container.resolve("query");
        const readOrder = async () =>
          (
            await query.graph({
              entity: "order",
              fields: ["metadata", "fulfillments.data"],
              filters: { id: order.id },
            })
          ).data[0];
        let placed = await readOrder();
        for (let tries = 0; tries < 100 && placed?.metadata?.shipbridge_cod !== true; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          placed = await readOrder();
        }
        expect(placed?.metadata).toMatchObject({ shipbridge_cod: true });
        const { data: locations } = await api.get("/admin/stock-locations", admin);
        await api.post(
          `/admin/orders/${order.id}/fulfillments`,
          {
            location_id: locations.stock_locations[0].id,
            items: [{ id: order.items[0].id, quantity: 1 }],
          },
          admin,
        );
        const packageId = (await readOrder())?.fulfillments?.[0]?.data?.["package_id"];
        expect(typeof packageId).toBe("number");
        const parcel = await account(`/packages/${packageId}`);
        expect(parcel["sender"]).toMatchObject({ name: "Hurtownia Nowak", city: "Gdańsk" });
        expect(parcel["pickup"]).toMatchObject({ street: "ul. Grunwaldzka 100" });
        const cod = (parcel["additional_services"] as { cod?: { iban?: string } }).cod;
        expect(cod?.iban).toBe(IBAN);

        // A shipping-day batch ships from the saved sender too.
        const second = await placeCourierOrder();
        const { data: started } = await api.post(
          "/admin/shipbridge/batches",
          { key: "settings-day", order_ids: [second.id] },
          admin,
        );
        const readBatch = async () =>
          (await api.get(`/admin/shipbridge/batches/${started.batch.id}`, admin)).data.batch;
        let batch = await readBatch();
        for (let tries = 0; tries < 600 && batch.state !== "done"; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          batch = await readBatch();
        }
        expect(batch).toMatchObject({ state: "done", fulfilled: 1, failed: 0 });
        const batchParcel = await account(`/packages/${batch.orders[0].package_id}`);
        expect(batchParcel["sender"]).toMatchObject({ name: "Hurtownia Nowak", city: "Gdańsk" });

        // Cash on delivery turned off while an order paid on delivery waits:
        // the order is refused (cod_not_configured) by hand and by batch, in
        // both languages; nothing is bought, never a parcel without COD.
        const waiting = await placeCourierOrder();
        const flagged = async () =>
          (
            await query.graph({
              entity: "order",
              fields: ["metadata", "fulfillments.id"],
              filters: { id: waiting.id },
            })
          ).data[0];
        for (let tries = 0; tries < 100; tries++) {
          if ((await flagged())?.metadata?.shipbridge_cod === true) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect((await flagged())?.metadata).toMatchObject({ shipbridge_cod: true });
        const withCod = (await settings()).saved;
        await api.post(
          "/admin/shipbridge/settings",
          { ...withCod, cod: null, cod_payment_providers: [] },
          admin,
        );
        expect((await settings()).settings.cod ?? null).toBeNull();
        const spent = await paid();
        const byHand = await answer(
          api.post(
            `/admin/orders/${waiting.id}/fulfillments`,
            {
              location_id: locations.stock_locations[0].id,
              items: [{ id: waiting.items[0].id, quantity: 1 }],
            },
            admin,
          ),
        );
        expect(byHand.status).toBe(400);
        expect(byHand.data["code"]).toBe("cod_not_configured");
        expect(String(byHand.data["message"])).toMatch(
          /^cod\.iban: order #\d+ is to be paid on delivery/,
        );
        const { data: codDay } = await api.post(
          "/admin/shipbridge/batches",
          { key: "settings-cod-off", order_ids: [waiting.id] },
          admin,
        );
        const readCodDay = async () =>
          (
            await api.get(`/admin/shipbridge/batches/${codDay.batch.id}`, {
              headers: { ...admin.headers, "accept-language": "pl" },
            })
          ).data.batch;
        let refusedDay = await readCodDay();
        for (let tries = 0; tries < 600 && refusedDay.state !== "done"; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          refusedDay = await readCodDay();
        }
        expect(refusedDay).toMatchObject({ state: "done", fulfilled: 0, failed: 1 });
        expect(refusedDay.failures).toEqual([
          expect.objectContaining({
            order_id: waiting.id,
            code: "cod_not_configured",
            retryable: true,
            message: expect.stringMatching(/^cod\.iban: zamówienie #\d+ ma być opłacone/),
          }),
        ]);
        expect(await paid()).toEqual(spent);
        expect((await flagged())?.fulfillments ?? []).toEqual([]);
        await api.post("/admin/shipbridge/settings", withCod, admin);

        // A save whose workflow fails after it kept the settings is undone.
        const before = (await settings()).saved;
        const { errors } = await saveThenFail(container).run({
          input: { services: [{ service: "ups", pickup_point: false, returns: false }] },
          throwOnError: false,
        });
        expect(errors.map((e) => e.error?.message)).toEqual(["a later step failed"]);
        expect((await settings()).saved).toEqual(before);
        expect(await offered()).toEqual(["inpost-point", "dpd", "dpd-return", "dhl"]);

        // The storefront's pickup points follow the carriers offered.
        const points = (service: string) =>
          answer(
            api.get(`/store/shipbridge/pickup-points?service=${service}&postcode=00-624`, store),
          );
        expect((await points("inpost")).status).toBe(200);
        await api.post(
          "/admin/shipbridge/settings",
          { services: [{ service: "dpd", returns: true }] },
          admin,
        );
        const withdrawn = await points("inpost");
        expect(withdrawn.status).toBe(400);
        expect(withdrawn.data["code"]).toBe("service_not_offered");

        // An empty save: medusa-config.ts's values again.
        const reset = await api.post("/admin/shipbridge/settings", {}, admin);
        expect(reset.data.saved).toEqual({});
        expect(reset.data.settings).toEqual(reset.data.defaults);
        expect(await offered()).toEqual(["inpost-point", "dpd", "dpd-return"]);
        expect((await points("inpost")).status).toBe(200);
      });
    });
  },
});
