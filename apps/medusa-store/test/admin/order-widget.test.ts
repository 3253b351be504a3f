// The plugin's widget on the order page of the built admin: an order to a
// locker that closed before its batch ran shows why it did not ship; the
// merchant changes its pickup point (a closed point refused by the service's
// check, an open one saved), retries, and sees the shipment with its
// tracking, status and label; the point can no longer change once the
// parcel is bought; a return made through Medusa's admin flow shows its own
// parcel. In Polish at a phone's width too.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenAdmin, openAdmin } from "./admin-browser.ts";
import { type Shopper, shopper } from "./store-orders.ts";

let admin: OpenAdmin;
let shop: Shopper;
let orderId: string;

async function widgetOf(page: Page, id: string) {
  await page.goto(`${admin.adminUrl}/orders/${id}`);
  const widget = page.locator("[data-shipbridge='widget']");
  await widget.waitFor();
  return widget;
}

describe("the order page's shipment widget", () => {
  beforeAll(async () => {
    admin = await openAdmin();
    shop = await shopper(admin);
  });

  afterAll(async () => {
    await admin?.close();
  });

  it("changes a closed locker, retries, and shows the shipment", async () => {
    const order = await shop.place("inpost-point");
    orderId = order.id;
    admin.sandbox.setPointState(shop.locker, { active: false });
    const { body: started } = await admin.adminApi<{ batch: { id: string } }>(
      "/admin/shipbridge/batches",
      { body: { key: `closed-${order.id}`, order_ids: [order.id] } },
    );
    await expect
      .poll(
        async () =>
          (
            await admin.adminApi<{ batch: { state: string; failed: number } }>(
              `/admin/shipbridge/batches/${started.batch.id}`,
            )
          ).body.batch,
        { timeout: 120_000, interval: 1_000 },
      )
      .toMatchObject({ state: "done", failed: 1 });

    const page = admin.page;
    const widget = await widgetOf(page, order.id);
    await widget.locator("[data-shipbridge='no-shipments']").waitFor();
    const failure = widget.locator("[data-shipbridge='failure']");
    await failure.waitFor();
    await expect(failure.textContent()).resolves.toContain(`${shop.locker} point_closed`);
    await expect(widget.locator("[data-shipbridge='point-code']").textContent()).resolves.toContain(
      shop.locker,
    );

    // The service is asked before anything is saved: the closed point is refused.
    await widget.locator("[data-shipbridge='change-point']").click();
    await widget.locator("[data-shipbridge='point-input']").fill(shop.locker);
    await widget.locator("[data-shipbridge='point-save']").click();
    const refused = widget.locator("[data-shipbridge='point-error']");
    await refused.waitFor();
    await expect(refused.textContent()).resolves.toContain("point_closed");
    await widget.locator("[data-shipbridge='point-input']").fill("NOPE-404");
    await widget.locator("[data-shipbridge='point-save']").click();
    await expect.poll(() => refused.textContent()).toContain("point_not_found");

    await widget.locator("[data-shipbridge='point-input']").fill(shop.otherLocker);
    await widget.locator("[data-shipbridge='point-save']").click();
    await widget.locator("[data-shipbridge='point-saved']").waitFor();
    // The widget reads the order's point again after the change.
    await expect
      .poll(() => widget.locator("[data-shipbridge='point-code']").textContent())
      .toContain(shop.otherLocker);
    const { body: saved } = await admin.adminApi<{ point: { code: string }; changeable: boolean }>(
      `/admin/shipbridge/orders/${order.id}/pickup-point`,
    );
    expect(saved).toMatchObject({ point: { code: shop.otherLocker }, changeable: true });

    await widget.locator("[data-shipbridge='retry']").click();
    const shipment = widget.locator("[data-shipbridge-kind='shipment']");
    await shipment.waitFor({ timeout: 180_000 });
    await expect(shipment.locator("[data-shipbridge='status']").textContent()).resolves.toBe(
      "ordered",
    );
    await expect(shipment.locator("[data-shipbridge='tracking']").textContent()).resolves.toMatch(
      /\S+/,
    );
    await widget.locator("[data-shipbridge='failures']").waitFor({ state: "detached" });
    // Bought: the point cannot change any more.
    await widget.locator("[data-shipbridge='change-point']").waitFor({ state: "detached" });
    const { body: shipments } = await admin.adminApi<{
      shipments: { point_id: string | null; status: string }[];
    }>(`/admin/shipbridge/orders/${order.id}/shipments`);
    expect(shipments.shipments).toMatchObject([{ point_id: shop.otherLocker, status: "ordered" }]);

    const href = await shipment.locator("[data-shipbridge='label']").getAttribute("href");
    const label = await page.request.get(new URL(String(href), admin.baseUrl).toString());
    expect(label.status()).toBe(200);
    expect((await label.body()).subarray(0, 5).toString()).toBe("%PDF-");

    const late = await admin.adminApi<{ code: string; message: string }>(
      `/admin/shipbridge/orders/${order.id}/pickup-point`,
      { body: { point_id: shop.locker } },
    );
    expect(late.status).toBe(400);
    expect(late.body.code).toBe("parcel_bought");
  });

  it("shows the return's parcel beside the shipment", async () => {
    const { body: options } = await admin.adminApi<{
      shipping_options: { id: string; data?: { id?: string } }[];
    }>("/admin/shipping-options?fields=*,data");
    const returnOption = options.shipping_options.find((o) => o.data?.id === "dpd-return");
    const { body: locations } = await admin.adminApi<{ stock_locations: { id: string }[] }>(
      "/admin/stock-locations",
    );
    const { body: placed } = await admin.adminApi<{ order: { items: { id: string }[] } }>(
      `/admin/orders/${orderId}?fields=items.id`,
    );
    const { body: begun, status } = await admin.adminApi<{ return: { id: string } }>(
      "/admin/returns",
      { body: { order_id: orderId, location_id: locations.stock_locations[0]?.id } },
    );
    expect(status).toBe(200);
    const returnPath = `/admin/returns/${begun.return.id}`;
    const steps = [
      await admin.adminApi(`${returnPath}/request-items`, {
        body: { items: [{ id: placed.order.items[0]?.id, quantity: 1 }] },
      }),
      await admin.adminApi(`${returnPath}/shipping-method`, {
        body: { shipping_option_id: returnOption?.id },
      }),
      await admin.adminApi(`${returnPath}/request`, { body: {} }),
    ];
    expect(steps.map((step) => step.status)).toEqual([200, 200, 200]);

    const page = admin.page;
    await expect
      .poll(
        async () => {
          const widget = await widgetOf(page, orderId);
          await widget.locator("[data-shipbridge-shipment]").first().waitFor();
          return widget.locator("[data-shipbridge-kind='return']").count();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(1);
    const parcel = page.locator("[data-shipbridge-kind='return']");
    await expect(parcel.textContent()).resolves.toContain("(return)");
    await expect(parcel.locator("[data-shipbridge='tracking']").textContent()).resolves.toMatch(
      /\S+/,
    );
    const href = await parcel.locator("[data-shipbridge='label']").getAttribute("href");
    const label = await page.request.get(new URL(String(href), admin.baseUrl).toString());
    expect((await label.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await expect(page.locator("[data-shipbridge-kind='shipment']").count()).resolves.toBe(1);
  });

  it("speaks Polish and fits a phone's screen", async () => {
    const context = await admin.context.browser()?.newContext({
      locale: "pl-PL",
      viewport: { width: 390, height: 844 },
    });
    if (context === undefined) throw new Error("no browser");
    await context.addCookies([
      ...(await admin.context.cookies(admin.baseUrl)),
      { name: "lng", value: "pl", domain: new URL(admin.baseUrl).hostname, path: "/" },
    ]);
    const page = await context.newPage();
    const widget = await widgetOf(page, orderId);
    const shipment = widget.locator("[data-shipbridge-kind='shipment']");
    await shipment.waitFor();
    await expect(widget.getByRole("heading").first().textContent()).resolves.toBe(
      "Przesyłki Furgonetka",
    );
    await expect(shipment.locator("[data-shipbridge='status']").textContent()).resolves.toBe(
      "zamówiona",
    );
    await expect(shipment.locator("[data-shipbridge='label']").textContent()).resolves.toBe(
      "Etykieta (PDF)",
    );
    await widget.scrollIntoViewIfNeeded();
    const box = await widget.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await context.close();
  });
});
