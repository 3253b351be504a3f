import { RULE_CODES, safeToPackage } from "@shipbridge/core";
import { describe, expect, it } from "vitest";
import {
  SAMPLE_IBAN,
  SAMPLE_PARCEL,
  SAMPLE_SENDER,
  sampleShopifyOrder,
} from "../testing/orders.ts";
import { toStoreOrder } from "./to-store-order.ts";

const options = { defaultService: "inpost" };

describe("toStoreOrder", () => {
  it("maps a paid order to a StoreOrder that core turns into a valid package", () => {
    const order = toStoreOrder(sampleShopifyOrder(), options);
    expect(order).toEqual({
      id: "5500000001",
      name: "#1001",
      customer: { email: "anna@example.com", first_name: "Anna", last_name: "Nowak" },
      shipping_address: {
        first_name: "Anna",
        last_name: "Nowak",
        street2: "m. 3",
        phone: "+48 601 234 567",
        street: "ul. Długa 5",
        postcode: "80-831",
        city: "Gdańsk",
        country_code: "PL",
      },
      items: [
        { sku: "MUG-1", name: "Mug", quantity: 3, weight: { value: 400, unit: "g" }, price: 39.9 },
        { sku: "BOOK-1", name: "Book", quantity: 1, weight: { value: 500, unit: "g" }, price: 59 },
      ],
      currency: "PLN",
      totals: { total: 193.69, items: 178.7, shipping: 14.99 },
      shipping: { service: "dpd", title: "DPD kurier" },
    });
    const mapped = safeToPackage(order, { sender: SAMPLE_SENDER, parcel: SAMPLE_PARCEL });
    expect(mapped.success).toBe(true);
    if (mapped.success) {
      expect(mapped.data.service).toBe("dpd");
      expect(mapped.data.receiver.street).toContain("Długa 5");
      // 3 x 400 g + 500 g: the gift card that needs no shipping weighs nothing and is left out.
      expect(mapped.data.parcels[0]?.weight).toBeCloseTo(1.7, 5);
    }
  });

  it("takes the carrier and the point from a locker rate's service code", () => {
    const order = toStoreOrder(
      sampleShopifyOrder({
        shipping_lines: [
          { title: "InPost Paczkomat KRA010", code: "shipbridge:inpost:point:KRA010" },
        ],
      }),
      options,
    );
    expect(order.shipping).toEqual({ service: "inpost", title: "InPost Paczkomat KRA010" });
    expect(order.pickup_point).toEqual({ code: "KRA010", carrier: "inpost" });
  });

  it("falls back to the merchant's carrier for a rate another app offered", () => {
    const order = toStoreOrder(
      sampleShopifyOrder({
        shipping_lines: [{ title: "Standard", code: "STANDARD", source: "shopify" }],
      }),
      options,
    );
    expect(order.shipping).toEqual({ service: "inpost", title: "Standard" });
    expect(order.pickup_point).toBeUndefined();
  });

  it("asks for cash on delivery of the outstanding amount when the gateway is COD", () => {
    const order = toStoreOrder(
      sampleShopifyOrder({
        payment_gateway_names: ["Cash on Delivery (COD)"],
        financial_status: "pending",
        total_outstanding: "193.69",
      }),
      options,
    );
    expect(order.cod).toEqual({ amount: 193.69, currency: "PLN" });
    const mapped = safeToPackage(order, {
      sender: SAMPLE_SENDER,
      parcel: SAMPLE_PARCEL,
      cod: { iban: SAMPLE_IBAN },
    });
    expect(mapped.success && mapped.data.additional_services?.cod?.amount).toBe(193.69);
  });

  it("asks for no COD when nothing is outstanding", () => {
    const order = toStoreOrder(
      sampleShopifyOrder({
        payment_gateway_names: ["Cash on Delivery (COD)"],
        total_outstanding: "0.00",
      }),
      options,
    );
    expect(order.cod).toBeUndefined();
  });

  it("uses the quantity left after order edits and drops removed lines", () => {
    const base = sampleShopifyOrder();
    const [mug, book] = base.line_items ?? [];
    const order = toStoreOrder(
      sampleShopifyOrder({
        line_items: [
          { ...mug, current_quantity: 1 },
          { ...book, current_quantity: 0 },
        ],
      }),
      options,
    );
    expect(order.items.map((item) => [item.sku, item.quantity])).toEqual([["MUG-1", 1]]);
  });

  it("leaves a missing street and surname empty, so core names their paths", () => {
    const order = toStoreOrder(
      sampleShopifyOrder({
        customer: null,
        shipping_address: { first_name: "Anna", city: "Gdańsk", zip: "80-831", country_code: "PL" },
      }),
      options,
    );
    const mapped = safeToPackage(order, {
      sender: SAMPLE_SENDER,
      parcel: SAMPLE_PARCEL,
      language: "en_GB",
    });
    expect(mapped.success).toBe(false);
    if (!mapped.success) {
      expect(mapped.error.issues).toContainEqual(
        expect.objectContaining({
          path: "order.shipping_address.street",
          rule: RULE_CODES.too_small,
        }),
      );
    }
  });

  it("is pure: the same payload gives the same StoreOrder", () => {
    expect(toStoreOrder(sampleShopifyOrder(), options)).toEqual(
      toStoreOrder(sampleShopifyOrder(), options),
    );
  });
});
