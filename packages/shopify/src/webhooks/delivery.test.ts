// Reading a stored delivery once into { shop, topic, order }: the order an
// order topic names (the edit's order for orders/edited), the compliance
// topics' own payloads typed, nothing for a body that names no order.
import { describe, expect, it } from "vitest";
import type { InboxEntry } from "../store/inbox.ts";
import { isOrderDelivery, orderIdOf, parseDelivery } from "./delivery.ts";

const SHOP = "anna.myshopify.com";

function entry(topic: string, payload: unknown): InboxEntry {
  return { webhookId: "w-1", shop: SHOP, topic, eventId: undefined, payload };
}

describe("parseDelivery", () => {
  it.each([
    ["orders/create", { id: 7001, name: "#1001" }, "7001", "#1001"],
    ["orders/paid", { id: "7001" }, "7001", undefined],
    ["orders/updated", { id: "gid://shopify/Order/7001", name: "#1001" }, "7001", "#1001"],
    ["orders/cancelled", { id: 7001, name: "#1001" }, "7001", "#1001"],
    ["orders/edited", { order_edit: { id: 9, order_id: 7001 } }, "7001", undefined],
  ])("reads %s's order from its body", (topic, payload, order, orderName) => {
    const delivery = parseDelivery(entry(topic, payload));
    expect(delivery).toEqual({
      webhookId: "w-1",
      shop: SHOP,
      topic,
      order,
      ...(orderName === undefined ? {} : { orderName }),
    });
    expect(delivery && isOrderDelivery(delivery)).toBe(true);
  });

  it.each([
    ["orders/create", {}],
    ["orders/paid", { id: "" }],
    ["orders/paid", { id: "1 OR 1=1" }],
    ["orders/updated", { id: "gid://shopify/Customer/5" }],
    ["orders/updated", { id: -4 }],
    ["orders/cancelled", null],
    ["orders/edited", { id: 7001 }],
    ["orders/create", [7001]],
  ])("reads nothing to act on from %s with %j", (topic, payload) => {
    expect(parseDelivery(entry(topic, payload))).toBeUndefined();
  });

  it("reads nothing from a topic the app does not take", () => {
    expect(parseDelivery(entry("products/update", { id: 1 }))).toBeUndefined();
  });

  it("types the compliance topics' payloads", () => {
    expect(
      parseDelivery(
        entry("customers/data_request", {
          shop_domain: SHOP,
          orders_requested: [7001, "7002", null],
          customer: { id: 1, email: "anna@example.com", phone: null },
          data_request: { id: 555 },
        }),
      ),
    ).toEqual({
      webhookId: "w-1",
      shop: SHOP,
      topic: "customers/data_request",
      order: {
        requestId: "555",
        customer: { id: "1", email: "anna@example.com" },
        orderIds: ["7001", "7002"],
      },
    });
    // A request without an id is kept under the delivery's.
    expect(parseDelivery(entry("customers/data_request", { shop_domain: SHOP }))?.order).toEqual({
      requestId: "w-1",
      customer: undefined,
      orderIds: [],
    });
    expect(
      parseDelivery(
        entry("customers/redact", {
          shop_domain: SHOP,
          customer: { id: 1 },
          orders_to_redact: [7001],
        }),
      )?.order,
    ).toEqual({ customerId: "1", orderIds: ["7001"] });
    expect(parseDelivery(entry("customers/redact", { shop_domain: SHOP }))?.order).toEqual({
      customerId: undefined,
      orderIds: [],
    });
    expect(parseDelivery(entry("shop/redact", { shop_domain: SHOP }))?.order).toEqual({
      shopDomain: SHOP,
    });
    expect(
      parseDelivery(entry("app/uninstalled", { id: 1, myshopify_domain: SHOP }))?.order,
    ).toEqual({ shopDomain: SHOP });
  });
});

describe("orderIdOf", () => {
  it.each([
    [7001, "7001"],
    ["7001", "7001"],
    [" 7001 ", "7001"],
    ["gid://shopify/Order/7001", "7001"],
    [0, undefined],
    [1.5, undefined],
    ["07001", undefined],
    ["gid://shopify/Order/", undefined],
    [undefined, undefined],
    [{ id: 7001 }, undefined],
  ])("%j is %j", (value, id) => {
    expect(orderIdOf(value)).toBe(id);
  });
});
