// The dashboard's status of an order in a batch: "shipping" from the moment a
// batch takes it until its store's batch says shipped or failed, never back
// to "waiting" (which offers the box and the Ship button again) in between.
import type { ShopOrderShipment } from "@shipbridge/shopify";
import { describe, expect, it } from "vitest";
import type { MedusaOrder, MedusaShipment } from "../stores/medusa/medusa-orders.ts";
import type { InFlight } from "./batches.ts";
import { medusaOrders, shopifyOrders } from "./orders.ts";
import type { StoreOrderOutcome } from "./store-batch.ts";

const T0 = "2026-11-20T10:00:00.000Z";
const T1 = "2026-11-20T10:00:05.000Z";

function shopifyOrder(status: ShopOrderShipment["status"], updatedAt = T0): ShopOrderShipment {
  const shipped = status === "shipped";
  return {
    orderId: "1001",
    orderName: "#1001",
    status,
    service: shipped ? "inpost" : null,
    pickupPoint: null,
    packageId: shipped ? "555" : null,
    trackingNumber: shipped ? "TRACK1" : null,
    trackingUrl: null,
    trackingState: null,
    hasLabel: shipped,
    problems: [],
    price: null,
    updatedAt,
    createdAt: T0,
    customer: "Anna Nowak",
  };
}

const batch = (
  key: string,
  state: StoreOrderOutcome,
  problems: { path: string; rule: string; message: string }[] = [],
) => ({ items: new Map([[key, { state, problems, since: T1 }]]) }) satisfies InFlight;
const none: InFlight = { items: new Map() };

const shopifyStatus = (order: ShopOrderShipment, inFlight: InFlight) =>
  shopifyOrders([order], new Map(), new Map(), inFlight)[0]?.status;

describe("a Shopify order in a batch", () => {
  it("is waiting outside any batch", () => {
    expect(shopifyStatus(shopifyOrder("waiting"), none)).toBe("waiting");
  });

  it("is shipping while its batch has not settled it", () => {
    expect(shopifyStatus(shopifyOrder("waiting"), batch("shopify:1001", "shipping"))).toBe(
      "shipping",
    );
  });

  it("is shipping when retried from needs attention, until its batch settles it again", () => {
    const earlier = shopifyOrder("needs_attention", T0);
    expect(shopifyStatus(earlier, batch("shopify:1001", "shipping"))).toBe("shipping");
    // The batch failed it again: it needs attention, with the app's problems.
    expect(shopifyStatus(earlier, batch("shopify:1001", "failed"))).toBe("needs_attention");
  });

  it("is shipped once the app says so", () => {
    expect(shopifyStatus(shopifyOrder("shipped"), batch("shopify:1001", "shipping"))).toBe(
      "shipped",
    );
    expect(shopifyStatus(shopifyOrder("shipped"), batch("shopify:1001", "shipped"))).toBe(
      "shipped",
    );
  });
});

function medusaOrder(fulfilled: boolean): MedusaOrder {
  return {
    id: "order_1",
    display_id: 1,
    created_at: T0,
    email: "anna@example.com",
    status: "pending",
    shipping_address: { first_name: "Anna", last_name: "Nowak" },
    shipping_methods: [],
    fulfillments: fulfilled ? [{ id: "ful_1", canceled_at: null }] : [],
    items: [],
  };
}

const shipment: MedusaShipment = {
  id: "shp_1",
  order_id: "order_1",
  fulfillment_id: "ful_1",
  is_return: false,
  service: "inpost",
  point_id: null,
  status: "ordered",
  package_id: 555,
  tracking_number: "TRACK1",
  tracking_url: null,
  tracking_state: null,
  has_label: true,
  price: null,
  created_at: T0,
  updated_at: T0,
};

const medusa = (order: MedusaOrder, shipments: MedusaShipment[], inFlight: InFlight) =>
  medusaOrders([order], shipments, new Map(), inFlight, "en")[0];

describe("a Medusa order in a batch", () => {
  it("is shipping while its batch has not settled it", () => {
    expect(medusa(medusaOrder(false), [], batch("medusa:order_1", "shipping"))?.status).toBe(
      "shipping",
    );
  });

  it("stays shipping when its batch shipped it but the shipments are not listed yet", () => {
    expect(medusa(medusaOrder(true), [], batch("medusa:order_1", "shipped"))?.status).toBe(
      "shipping",
    );
    expect(medusa(medusaOrder(true), [shipment], batch("medusa:order_1", "shipped"))?.status).toBe(
      "shipped",
    );
  });

  it("needs attention with the batch's problems once it failed", () => {
    const failed = medusa(
      medusaOrder(false),
      [],
      batch("medusa:order_1", "failed", [
        { path: "receiver.phone", rule: "phone_invalid", message: "Bad phone" },
      ]),
    );
    expect(failed?.status).toBe("needs_attention");
    expect(failed?.problems[0]).toMatchObject({ path: "receiver.phone", rule: "phone_invalid" });
  });

  it("is waiting outside any batch, and after its batch skipped it", () => {
    expect(medusa(medusaOrder(false), [], none)?.status).toBe("waiting");
    expect(medusa(medusaOrder(false), [], batch("medusa:order_1", "skipped"))?.status).toBe(
      "waiting",
    );
  });
});
