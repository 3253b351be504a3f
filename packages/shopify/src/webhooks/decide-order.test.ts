// The decision for an order topic, as a table: every topic, "ship on"
// setting and the order's payment as Shopify holds it.
import { describe, expect, it } from "vitest";
import type { ShipOn } from "../store/settings.ts";
import {
  decideOrder,
  type HeldOrderFacts,
  type OrderAction,
  type ShippingTopic,
} from "./decide-order.ts";

const UNPAID: HeldOrderFacts = { paid: false, refunded: false, cashOnDelivery: false };
const PAID: HeldOrderFacts = { paid: true, refunded: false, cashOnDelivery: false };
const REFUNDED: HeldOrderFacts = { paid: false, refunded: true, cashOnDelivery: false };
const COD: HeldOrderFacts = { paid: false, refunded: false, cashOnDelivery: true };

const TABLE: readonly [ShippingTopic, ShipOn, HeldOrderFacts, OrderAction][] = [
  // orders/create
  ["orders/create", "orders/create", UNPAID, "ship"],
  ["orders/create", "orders/create", PAID, "ship"],
  ["orders/create", "orders/create", COD, "ship"],
  ["orders/create", "orders/paid", UNPAID, "ignore"],
  ["orders/create", "orders/paid", PAID, "ignore"],
  ["orders/create", "orders/paid", COD, "wait"],
  ["orders/create", "manual", UNPAID, "wait"],
  ["orders/create", "manual", PAID, "wait"],
  ["orders/create", "manual", COD, "wait"],
  // orders/paid: only an order Shopify holds as paid (or refunded since) counts
  ["orders/paid", "orders/paid", PAID, "ship"],
  ["orders/paid", "orders/paid", UNPAID, "ignore"],
  ["orders/paid", "orders/paid", COD, "ignore"],
  ["orders/paid", "orders/paid", REFUNDED, "ship"],
  ["orders/paid", "orders/create", PAID, "ignore"],
  ["orders/paid", "orders/create", UNPAID, "ignore"],
  ["orders/paid", "manual", PAID, "wait"],
  ["orders/paid", "manual", UNPAID, "ignore"],
  ["orders/paid", "manual", REFUNDED, "wait"],
  // an update or an edit of an order that needs attention: tried again
  ["orders/updated", "orders/paid", UNPAID, "ship"],
  ["orders/updated", "manual", PAID, "ship"],
  ["orders/edited", "orders/create", COD, "ship"],
  ["orders/edited", "manual", UNPAID, "ship"],
];

describe("decideOrder", () => {
  it.each(TABLE)("%s on a shop shipping on %s, order %o: %s", (topic, shipOn, held, action) => {
    expect(decideOrder(topic, shipOn, held)).toBe(action);
  });
});
