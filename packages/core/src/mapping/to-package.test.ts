// toPackage case by case: units and rounding, weights x quantity, phone and
// name rules, COD with the configured IBAN, the stale pickup point, the
// v1.0.109 postal option, and errors named by order/options paths. Every
// package built here is checked again with validatePackage.

import { describe, expect, it } from "vitest";
import { IBAN, SENDER, sampleOrder } from "../fixtures/index.ts";
import type { AccountServiceRef } from "../rules/shipment-contract.ts";
import { isValidationError, type ValidationError, validatePackage } from "../validation/index.ts";
import type { StoreOrderInput } from "./store-order.ts";
import {
  safeToPackage,
  type ToPackageOptions,
  toPackage,
  USER_REFERENCE_MAX_LENGTH,
  userReferenceNumber,
} from "./to-package.ts";

const options: ToPackageOptions = { sender: SENDER };

const ACCOUNT_SERVICES: AccountServiceRef[] = [
  { id: 501, service: "dpd", service_contract: "furgonetka" },
  { id: 502, service: "inpost", service_contract: "furgonetka" },
  { id: 503, service: "poczta", service_contract: "own" },
];

function build(order: StoreOrderInput, extra: ToPackageOptions = {}) {
  const result = toPackage(order, { ...options, ...extra });
  const again = validatePackage(result.package, { version: 2, accountServices: ACCOUNT_SERVICES });
  expect(again.ok).toBe(true);
  return result;
}

function failure(order: unknown, extra: ToPackageOptions = {}): ValidationError {
  const outcome = safeToPackage(order, { ...options, ...extra });
  if (outcome.success) throw new Error("expected the mapping to fail");
  expect(() => toPackage(order as StoreOrderInput, { ...options, ...extra })).toThrow(
    outcome.error.message,
  );
  return outcome.error;
}

function item(
  weight: { value: number; unit: "g" | "kg" | "lb" | "oz" },
  quantity: number,
  dimensions?: {
    length: number;
    width: number;
    height: number;
    unit: "mm" | "cm" | "m" | "in";
  },
) {
  return { name: "Thing", quantity, weight, price: 10, ...(dimensions ? { dimensions } : {}) };
}

describe("toPackage: the package", () => {
  it("builds a valid v2 package from a store order", () => {
    const { package: pkg, warnings } = build(sampleOrder());
    expect(warnings).toEqual([]);
    expect(pkg).toEqual({
      pickup: SENDER,
      sender: SENDER,
      receiver: {
        name: "Anna Nowak",
        street: "ul. Długa 5 m. 3",
        postcode: "80-831",
        city: "Gdańsk",
        country_code: "PL",
        email: "anna@example.com",
        phone: "601234567",
      },
      service: "dpd",
      user_reference_number: "1001",
      parcels: [
        {
          type: "package",
          // 3 x 400 g + 1.1 lb (498.95 g) = 1698.95 g, rounded up to the gram
          weight: 1.699,
          // mug 12 x 10.2 x 9 cm, book 24 x 17 x 3 cm: per axis the longest sides
          width: 24,
          depth: 17,
          height: 9,
          description: "3x Mug, 1x Book",
        },
      ],
    });
  });

  it("uses the pickup option apart from the sender, and the service_id", () => {
    const pickup = { ...SENDER, street: "ul. Magazynowa 7", point: null };
    const { package: pkg } = build(sampleOrder({ shipping: { service_id: 501 } }), { pickup });
    expect(pkg.pickup?.street).toBe("ul. Magazynowa 7");
    expect(pkg.sender).toEqual(SENDER);
    expect(pkg.service_id).toBe(501);
    expect(pkg.service).toBeUndefined();
  });

  it("declares the items' value when asked", () => {
    const { package: pkg } = build(sampleOrder(), { declareValue: true });
    // 3 x 39.90 + 59.00
    expect(pkg.parcels[0]?.value).toBe(178.7);
  });

  it("does not change the caller's order or options", () => {
    const order = sampleOrder();
    const snapshot = structuredClone(order);
    const sender = structuredClone(SENDER);
    build(order);
    expect(order).toEqual(snapshot);
    expect(SENDER).toEqual(sender);
  });
});

describe("toPackage: weights and units", () => {
  it("multiplies unit weights by quantities before summing (a known wrong-total complaint)", () => {
    const order = sampleOrder({
      items: [
        item({ value: 250, unit: "g" }, 4, { length: 10, width: 10, height: 10, unit: "cm" }),
        item({ value: 2, unit: "kg" }, 2),
      ],
    });
    expect(build(order).package.parcels[0]?.weight).toBe(5);
  });

  it("converts pounds and ounces to kilograms", () => {
    const order = sampleOrder({
      items: [
        item({ value: 1, unit: "lb" }, 2, { length: 10, width: 10, height: 10, unit: "cm" }),
        item({ value: 8, unit: "oz" }, 1),
      ],
    });
    // 2.5 lb = 1.13398 kg, rounded up to the gram
    expect(build(order).package.parcels[0]?.weight).toBe(1.134);
  });

  it("refuses an order whose items weigh nothing, naming order.items", () => {
    const order = sampleOrder({
      items: [item({ value: 0, unit: "g" }, 1, { length: 1, width: 1, height: 1, unit: "cm" })],
    });
    expect(failure(order).issues).toEqual([
      expect.objectContaining({ path: "order.items", rule: "weight_invalid" }),
    ]);
  });

  it("rounds dimensions up to whole centimetres, never down", () => {
    const order = sampleOrder({
      items: [
        item({ value: 1, unit: "kg" }, 1, { length: 301, width: 200.2, height: 1, unit: "mm" }),
      ],
    });
    const parcel = build(order).package.parcels[0];
    expect([parcel?.width, parcel?.depth, parcel?.height]).toEqual([31, 21, 1]);
  });

  it("converts inches and metres", () => {
    const order = sampleOrder({
      items: [
        item({ value: 1, unit: "kg" }, 1, { length: 12, width: 8, height: 2, unit: "in" }),
        item({ value: 1, unit: "kg" }, 1, { length: 0.1, width: 0.1, height: 0.1, unit: "m" }),
      ],
    });
    const parcel = build(order).package.parcels[0];
    // 30.48 x 20.32 x 5.08 cm and 10 x 10 x 10 cm
    expect([parcel?.width, parcel?.depth, parcel?.height]).toEqual([31, 21, 10]);
  });

  it("uses the configured box, grown to fit the largest item", () => {
    const order = sampleOrder({
      items: [item({ value: 1, unit: "kg" }, 1, { length: 50, width: 5, height: 5, unit: "cm" })],
    });
    const parcel = build(order, { parcel: { width: 30, depth: 20, height: 10 } }).package
      .parcels[0];
    expect([parcel?.width, parcel?.depth, parcel?.height]).toEqual([50, 20, 10]);
  });

  it("uses the configured box when items have no dimensions", () => {
    const order = sampleOrder({ items: [item({ value: 1, unit: "kg" }, 1)] });
    const parcel = build(order, { parcel: { width: 30.5, depth: 20, height: 10 } }).package
      .parcels[0];
    expect([parcel?.width, parcel?.depth, parcel?.height]).toEqual([31, 20, 10]);
  });

  it("asks for options.parcel when neither a box nor item dimensions are known", () => {
    const order = sampleOrder({ items: [item({ value: 1, unit: "kg" }, 1)] });
    expect(failure(order).issues).toEqual([
      expect.objectContaining({ path: "options.parcel", rule: "required" }),
    ]);
  });

  it("names a bad box side", () => {
    const error = failure(sampleOrder(), { parcel: { width: 30, depth: -1, height: 10 } });
    expect(error.issues).toEqual([
      expect.objectContaining({ path: "options.parcel.depth", rule: "dimension_invalid" }),
    ]);
  });
});

describe("toPackage: phone and names", () => {
  it("normalizes a Polish phone to 9 digits", () => {
    const order = sampleOrder({
      shipping_address: { ...sampleOrder().shipping_address, phone: "+48 600-100-200" },
    });
    expect(build(order).package.receiver.phone).toBe("600100200");
  });

  it("falls back to the customer's phone when the address phone is not a Polish number", () => {
    const order = sampleOrder({
      shipping_address: { ...sampleOrder().shipping_address, phone: "12345" },
    });
    expect(build(order).package.receiver.phone).toBe("601234567");
  });

  it("names the address phone when no phone is a Polish number", () => {
    const order = sampleOrder({
      customer: { email: "anna@example.com" },
      shipping_address: { ...sampleOrder().shipping_address, phone: "12345" },
    });
    expect(failure(order).issues).toEqual([
      expect.objectContaining({ path: "order.shipping_address.phone", rule: "phone_invalid" }),
    ]);
  });

  it("asks for a phone when there is none", () => {
    const order = sampleOrder({ customer: {} });
    expect(failure(order).issues).toEqual([
      expect.objectContaining({ path: "order.shipping_address.phone", rule: "required" }),
    ]);
  });

  it("keeps a foreign phone as given", () => {
    const order = sampleOrder({
      customer: { phone: "+49 30 1234567" },
      shipping_address: {
        ...sampleOrder().shipping_address,
        country_code: "DE",
        postcode: "10115",
        city: "Berlin",
      },
    });
    expect(build(order).package.receiver.phone).toBe("+49 30 1234567");
  });

  it("joins first name and surname", () => {
    const { shipping_address } = sampleOrder();
    const order = sampleOrder({
      shipping_address: {
        ...shipping_address,
        first_name: "Anna Maria",
        last_name: "Nowak-Kowalska",
      },
    });
    expect(build(order).package.receiver.name).toBe("Anna Maria Nowak-Kowalska");
  });

  it("takes a full name, from the address or else the customer", () => {
    const { first_name: _f, last_name: _l, ...address } = sampleOrder().shipping_address;
    expect(
      build(sampleOrder({ shipping_address: { ...address, name: "Ewa Zielińska" } })).package
        .receiver.name,
    ).toBe("Ewa Zielińska");
    const fromCustomer = sampleOrder({
      shipping_address: address,
      customer: { phone: "601234567", full_name: "Piotr Wiśniewski" },
    });
    expect(build(fromCustomer).package.receiver.name).toBe("Piotr Wiśniewski");
  });

  it("prefers a complete name over an incomplete one", () => {
    const order = sampleOrder({
      shipping_address: {
        ...sampleOrder().shipping_address,
        first_name: "Anna",
        last_name: undefined,
      },
      customer: { phone: "601234567", first_name: "Anna", last_name: "Nowak" },
    });
    expect(build(order).package.receiver.name).toBe("Anna Nowak");
  });

  it("asks for the surname when only a first name is known", () => {
    const order = sampleOrder({
      shipping_address: { ...sampleOrder().shipping_address, last_name: undefined },
    });
    expect(failure(order).issues).toEqual([
      expect.objectContaining({
        path: "order.shipping_address.last_name",
        rule: "receiver_name_incomplete",
      }),
    ]);
  });

  it("accepts a company with a one-word contact", () => {
    const order = sampleOrder({
      shipping_address: {
        ...sampleOrder().shipping_address,
        last_name: undefined,
        company: "Nowak Sp. z o.o.",
      },
    });
    const { receiver } = build(order).package;
    expect(receiver).toMatchObject({ name: "Anna", company: "Nowak Sp. z o.o." });
  });
});

describe("toPackage: cash on delivery", () => {
  const codOrder = sampleOrder({ cod: { amount: 193.69, currency: "pln" } });

  it("puts the order's amount and the configured IBAN on the package", () => {
    const { package: pkg } = build(codOrder, { cod: { iban: IBAN, name: "Jan Kowalski" } });
    expect(pkg.additional_services?.cod).toEqual({
      amount: 193.69,
      currency: "PLN",
      iban: "PL61109010140000071219812874",
      name: "Jan Kowalski",
    });
  });

  it("refuses a COD order without a configured IBAN, once, at options.cod.iban", () => {
    const error = failure(codOrder);
    expect(error.issues).toEqual([
      expect.objectContaining({ path: "options.cod.iban", rule: "iban_required" }),
    ]);
    expect(error.message).toContain("IBAN");
  });

  it("names a mistyped IBAN at options.cod.iban", () => {
    const error = failure(codOrder, { cod: { iban: "PL61 1090 1014 0000 0712 1981 2875" } });
    expect(error.issues).toEqual([
      expect.objectContaining({ path: "options.cod.iban", rule: "iban_invalid" }),
    ]);
  });

  it("names a COD amount with fractions of a grosz at order.cod.amount", () => {
    const error = failure(sampleOrder({ cod: { amount: 10.005, currency: "PLN" } }), {
      cod: { iban: IBAN },
    });
    expect(error.issues).toEqual([
      expect.objectContaining({ path: "order.cod.amount", rule: "cod_amount_invalid" }),
    ]);
  });

  it("sends no COD for an order without it, even with an IBAN configured", () => {
    const { package: pkg } = build(sampleOrder(), { cod: { iban: IBAN } });
    expect(pkg.additional_services).toBeUndefined();
  });
});

describe("toPackage: pickup points", () => {
  const lockerOrder = (shipping: StoreOrderInput["shipping"]) =>
    sampleOrder({ shipping, pickup_point: { code: "KRA010", carrier: "inpost" } });

  it("puts the point on the receiver when its carrier is the chosen service", () => {
    const { package: pkg, warnings } = build(lockerOrder({ service: "inpost" }));
    expect(pkg.receiver.point).toBe("KRA010");
    expect(warnings).toEqual([]);
  });

  it("drops a stale point of another carrier, with a warning", () => {
    const { package: pkg, warnings } = build(lockerOrder({ service: "dpd" }));
    expect(pkg.receiver.point).toBeUndefined();
    expect(warnings).toEqual([
      expect.objectContaining({ path: "order.pickup_point", rule: "pickup_point_dropped" }),
    ]);
    expect(warnings[0]?.message).toMatch(/KRA010.*inpost.*dpd/);
  });

  it("resolves a service_id through the account services", () => {
    const matching = build(lockerOrder({ service_id: 502 }), { accountServices: ACCOUNT_SERVICES });
    expect(matching.package.receiver.point).toBe("KRA010");
    const stale = build(lockerOrder({ service_id: 501 }), { accountServices: ACCOUNT_SERVICES });
    expect(stale.package.receiver.point).toBeUndefined();
    expect(stale.warnings.map((w) => w.rule)).toEqual(["pickup_point_dropped"]);
  });

  it("keeps an unverifiable point (service_id without account services), with a warning", () => {
    const { package: pkg, warnings } = build(lockerOrder({ service_id: 502 }));
    expect(pkg.receiver.point).toBe("KRA010");
    expect(warnings.map((w) => [w.path, w.rule])).toEqual([
      ["order.pickup_point.carrier", "pickup_point_unverified"],
    ]);
  });
});

describe("toPackage: the postal carrier (v1.0.109 and the own-contract flags)", () => {
  const postal = sampleOrder({ shipping: { service_id: 503 } });
  const postalOptions = { accountServices: ACCOUNT_SERVICES };

  it("warns that an own-contract poczta shipment becomes express when nothing is chosen", () => {
    const { package: pkg, warnings } = build(postal, postalOptions);
    expect(pkg.additional_services?.kurier48).toBeUndefined();
    expect(warnings).toEqual([
      expect.objectContaining({ path: "options.postalService", rule: "postal_express_default" }),
    ]);
    expect(warnings[0]?.message).toContain('postalService: "kurier48"');
  });

  it('sets kurier48 for postalService: "kurier48", and then there is nothing to warn about', () => {
    const { package: pkg, warnings } = build(postal, {
      ...postalOptions,
      postalService: "kurier48",
    });
    expect(pkg.additional_services?.kurier48).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('keeps the express default for postalService: "express", reporting it as information', () => {
    const { package: pkg, warnings } = build(postal, {
      ...postalOptions,
      postalService: "express",
    });
    expect(pkg.additional_services?.kurier48).toBeUndefined();
    expect(warnings.map((w) => w.rule)).toEqual(["postal_express_default"]);
    expect(warnings[0]?.message).toContain('postalService: "express"');
  });

  it("leaves a chosen postal product alone", () => {
    const { package: pkg, warnings } = build(postal, {
      ...postalOptions,
      postalService: "kurier48",
      additionalServices: { poczta_ekspres24: true },
    });
    expect(pkg.additional_services).toEqual({ poczta_ekspres24: true });
    expect(warnings).toEqual([]);
  });

  it("ignores postalService for other carriers", () => {
    const { package: pkg } = build(sampleOrder(), { postalService: "kurier48" });
    expect(pkg.additional_services).toBeUndefined();
  });

  it("names a flag the postal carrier no longer accepts from 2026-08-24 at options.additionalServices", () => {
    const clock = () => new Date("2026-09-01T10:00:00Z");
    const error = failure(postal, {
      ...postalOptions,
      clock,
      postalService: "kurier48",
      additionalServices: { rod: true },
    });
    expect(error.issues).toEqual([
      expect.objectContaining({
        path: "options.additionalServices.rod",
        rule: "postal_flag_forbidden",
      }),
    ]);
  });
});

describe("toPackage: postcodes and house numbers", () => {
  const shippingAddress = sampleOrder().shipping_address;

  it("rewrites a Polish postcode typed as 5 digits as NN-NNN, with a warning", () => {
    const order = sampleOrder({ shipping_address: { ...shippingAddress, postcode: "80831" } });
    const { package: pkg, warnings } = build(order);
    expect(pkg.receiver.postcode).toBe("80-831");
    expect(warnings.map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: "order.shipping_address.postcode", rule: "postcode_normalized" },
    ]);
  });

  it("refuses a postcode that is no postcode of the country, at its order path", () => {
    const order = sampleOrder({ shipping_address: { ...shippingAddress, postcode: "ABC" } });
    expect(failure(order).issues.map((i) => [i.path, i.rule])).toEqual([
      ["order.shipping_address.postcode", "postcode_invalid"],
    ]);
  });

  it("refuses a sender postcode ABC at options.sender.postcode", () => {
    const error = failure(sampleOrder(), { sender: { ...SENDER, postcode: "ABC" } });
    expect(error.issues.map((i) => [i.path, i.rule])).toEqual([
      ["options.sender.postcode", "postcode_invalid"],
    ]);
  });

  it("refuses a street without a house number for a courier, at the order's street", () => {
    const { street2: _flat, ...rest } = shippingAddress;
    const order = sampleOrder({ shipping_address: { ...rest, street: "Marszałkowska" } });
    expect(failure(order).issues.map((i) => [i.path, i.rule])).toEqual([
      ["order.shipping_address.street", "house_number_missing"],
    ]);
  });

  it.each(["Marszałkowska", "ul. 3 Maja", "os. 1000-lecia"])(
    "refuses %j with the fixture's flat note m. 3 in street2: no door number",
    (street) => {
      const order = sampleOrder({ shipping_address: { ...shippingAddress, street } });
      expect(order.shipping_address.street2).toBe("m. 3");
      expect(failure(order).issues.map((i) => [i.path, i.rule])).toEqual([
        ["order.shipping_address.street", "house_number_missing"],
      ]);
    },
  );

  it.each([
    ["Wola", "12"],
    ["ul. 3 Maja 5", "m. 3"],
    ["os. Tysiąclecia 12", "m. 3"],
    ["Marszałkowska", "12 m. 3"],
  ])("accepts %j with %j in street2", (street, street2) => {
    const order = sampleOrder({ shipping_address: { ...shippingAddress, street, street2 } });
    expect(build(order).package.receiver.street).toBe(`${street} ${street2}`);
  });

  it("refuses a sender street without a number when the courier collects there", () => {
    const error = failure(sampleOrder(), { sender: { ...SENDER, street: "Marszałkowska" } });
    expect(error.issues.map((i) => [i.path, i.rule])).toEqual([
      ["options.sender.street", "house_number_missing"],
    ]);
  });

  it("needs no house number for a parcel to a pickup point", () => {
    const { street2: _flat, ...rest } = shippingAddress;
    const order = sampleOrder({
      shipping_address: { ...rest, street: "Marszałkowska" },
      shipping: { service: "inpost" },
      pickup_point: { code: "KRA010", carrier: "inpost" },
    });
    expect(build(order).package.receiver.point).toBe("KRA010");
  });
});

describe("toPackage: errors and references", () => {
  it("names unknown and missing order fields under order.", () => {
    const { postcode: _p, ...address } = sampleOrder().shipping_address;
    const error = failure({
      ...sampleOrder(),
      items: [],
      shipping_address: { ...address, postal_code: "80-831" },
    });
    expect(error.issues.map((i) => [i.path, i.rule])).toEqual(
      expect.arrayContaining([
        ["order.shipping_address.postal_code", "unknown_field"],
        ["order.shipping_address.postcode", "required"],
        ["order.items", "too_small"],
      ]),
    );
    expect(isValidationError(error)).toBe(true);
  });

  it("asks for a service when the order names none", () => {
    const error = failure(sampleOrder({ shipping: { title: "Courier" } }));
    expect(error.issues.map((i) => [i.path, i.rule])).toEqual([
      ["order.shipping.service", "service_required"],
    ]);
  });

  it("asks for a sender (or pickup) address", () => {
    const outcome = safeToPackage(sampleOrder(), {});
    expect(outcome.success).toBe(false);
    if (!outcome.success) {
      expect(outcome.error.issues).toEqual([
        expect.objectContaining({ path: "options.sender", rule: "required" }),
      ]);
    }
  });

  it("names a sender field at options.sender", () => {
    const error = failure(sampleOrder(), { sender: { ...SENDER, phone: "123" } });
    expect(error.issues).toEqual([
      expect.objectContaining({ path: "options.sender.phone", rule: "phone_invalid" }),
    ]);
  });

  it("reports every problem at once", () => {
    const order = sampleOrder({
      cod: { amount: 10, currency: "PLN" },
      customer: {},
      items: [item({ value: 1, unit: "kg" }, 1)],
    });
    const paths = failure(order).issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "options.parcel",
        "options.cod.iban",
        "order.shipping_address.phone",
      ]),
    );
  });

  it("reports an empty street together with a bad phone (the schema's and validation's problems)", () => {
    const order = sampleOrder({
      customer: {},
      shipping_address: { ...sampleOrder().shipping_address, street: "", phone: "12345" },
    });
    expect(failure(order).issues.map((i) => [i.path, i.rule])).toEqual([
      ["order.shipping_address.street", "too_small"],
      ["order.shipping_address.phone", "phone_invalid"],
    ]);
  });

  it("reports a bad order field beside the address, COD and option problems", () => {
    const { street2: _flat, ...rest } = sampleOrder().shipping_address;
    const order = {
      ...sampleOrder({
        cod: { amount: 10, currency: "PLN" },
        customer: { email: "not an e-mail" },
        shipping_address: { ...rest, street: "Marszałkowska", postcode: "ABC", phone: "12345" },
      }),
      channel: "web",
    };
    expect(failure(order).issues.map((i) => [i.path, i.rule])).toEqual([
      ["order.customer.email", "invalid_format"],
      ["order.channel", "unknown_field"],
      ["options.cod.iban", "iban_required"],
      ["order.shipping_address.postcode", "postcode_invalid"],
      ["order.shipping_address.street", "house_number_missing"],
      ["order.shipping_address.phone", "phone_invalid"],
    ]);
  });

  it("still reports the address when an item is broken, and nothing twice", () => {
    const order = sampleOrder({
      customer: {},
      shipping_address: { ...sampleOrder().shipping_address, phone: "12345" },
    });
    const broken = { ...order, items: [...order.items, { name: "Lamp", quantity: 0, price: 10 }] };
    expect(failure(broken).issues.map((i) => [i.path, i.rule])).toEqual([
      ["order.items[2].quantity", "too_small"],
      ["order.items[2].weight", "required"],
      ["order.shipping_address.phone", "phone_invalid"],
    ]);
  });

  it("speaks Polish when asked", () => {
    const error = failure(sampleOrder({ cod: { amount: 10, currency: "PLN" } }), {
      language: "pl_PL",
    });
    expect(error.issues[0]?.message).toBe(
      "Pobranie wymaga numeru IBAN konta, na które trafią pieniądze.",
    );
  });

  it("uses the order id as user_reference_number, or the override", () => {
    expect(
      build(sampleOrder({ id: "gid://shopify/Order/5678" })).package.user_reference_number,
    ).toBe("gid://shopify/Order/5678");
    expect(
      build(sampleOrder(), { userReferenceNumber: "shop-1/1001" }).package.user_reference_number,
    ).toBe("shop-1/1001");
  });

  it("shortens an over-long id stably, within the limit", () => {
    const long = `order-${"x".repeat(150)}-42`;
    const reference = userReferenceNumber(long);
    expect(reference.length).toBe(USER_REFERENCE_MAX_LENGTH);
    expect(reference).toBe(userReferenceNumber(long));
    expect(reference).not.toBe(userReferenceNumber(`order-${"x".repeat(150)}-43`));
    expect(reference).toMatch(/-42~[0-9a-f]{16}$/);
  });
});

describe("toPackage: line breaks, tabs and invisible characters in address text", () => {
  function address(overrides: Record<string, string>) {
    return sampleOrder({ shipping_address: { ...sampleOrder().shipping_address, ...overrides } });
  }

  it("folds a newline in the street (and the second address line) into a space", () => {
    const { package: pkg, warnings } = build(
      address({ street: "ul. Długa 5\nklatka B", street2: "m. 3\n" }),
    );
    expect(pkg.receiver.street).toBe("ul. Długa 5 klatka B m. 3");
    expect(warnings).toEqual([]);
  });

  it("folds a tab in the city", () => {
    const { package: pkg, warnings } = build(address({ city: "Gdańsk\tWrzeszcz" }));
    expect(pkg.receiver.city).toBe("Gdańsk Wrzeszcz");
    expect(warnings).toEqual([]);
  });

  it("folds CRLF in a name, and the name still counts as first name and surname", () => {
    const { first_name: _f, last_name: _l, ...rest } = sampleOrder().shipping_address;
    const { package: pkg, warnings } = build(
      sampleOrder({ shipping_address: { ...rest, name: "Anna\r\nNowak" } }),
    );
    expect(pkg.receiver.name).toBe("Anna Nowak");
    expect(warnings).toEqual([]);
  });

  it("folds line breaks in the postcode and the province", () => {
    const { package: pkg } = build(address({ postcode: "80-831\r\n", province: "pomorskie\n" }));
    expect(pkg.receiver.postcode).toBe("80-831");
    expect(pkg.receiver.county).toBe("pomorskie");
  });

  it("removes U+202E from the company, with a warning at order.shipping_address.company", () => {
    const { package: pkg, warnings } = build(address({ company: "\u202eACME Sp. z o.o." }));
    expect(pkg.receiver.company).toBe("ACME Sp. z o.o.");
    expect(warnings).toEqual([
      {
        path: "order.shipping_address.company",
        rule: "bidi_characters_removed",
        message: expect.stringContaining("U+202E"),
      },
    ]);
  });

  it("warns in Polish when asked", () => {
    const { warnings } = build(address({ company: "ACME\u2066" }), { language: "pl_PL" });
    expect(warnings[0]?.message).toMatch(/^Z tego tekstu usunięto .*U\+2066/);
  });

  it("warns only about the name it used, naming the part it came from", () => {
    const order = sampleOrder({
      shipping_address: { ...sampleOrder().shipping_address, last_name: "Nowak\u202d" },
      customer: { ...sampleOrder().customer, full_name: "Jan \u202eKowalski" },
    });
    const { package: pkg, warnings } = build(order);
    expect(pkg.receiver.name).toBe("Anna Nowak");
    expect(warnings.map((w) => [w.path, w.rule])).toEqual([
      ["order.shipping_address.last_name", "bidi_characters_removed"],
    ]);
  });

  it("refuses NUL in the street with text_forbidden_character at order.shipping_address.street", () => {
    const error = failure(address({ street: "ul. Długa\u00005" }));
    expect(error.issues).toEqual([
      {
        path: "order.shipping_address.street",
        rule: "text_forbidden_character",
        message: expect.stringContaining("U+0000, character 10"),
      },
    ]);
  });

  it("names the second address line, with the position in that line, when the NUL is there", () => {
    const error = failure(address({ street2: "m.\u00003" }));
    expect(error.issues).toEqual([
      {
        path: "order.shipping_address.street2",
        rule: "text_forbidden_character",
        message: expect.stringContaining("U+0000, character 3"),
      },
    ]);
  });

  it("refuses other controls (ESC in the city, DEL in the name) at their order paths, all at once", () => {
    const error = failure(address({ city: "\u001bGdańsk", first_name: "Anna\u007f" }));
    expect(error.issues.map((i) => [i.path, i.rule])).toEqual(
      expect.arrayContaining([
        ["order.shipping_address.city", "text_forbidden_character"],
        ["order.shipping_address.first_name", "text_forbidden_character"],
      ]),
    );
    expect(error.issues).toHaveLength(2);
  });

  it("reports an emptied required field once, at its order path", () => {
    const error = failure(address({ city: "\u202e" }));
    expect(error.issues.map((i) => i.path)).toEqual(["order.shipping_address.city"]);
  });

  it("cleans the sender from the options too, warning once although it is also the pickup", () => {
    const sender = { ...SENDER, street: "ul. Marszałkowska 1\r\nlokal 2", company: "Sklep\u202e" };
    const { package: pkg, warnings } = build(sampleOrder(), { sender });
    expect(pkg.sender?.street).toBe("ul. Marszałkowska 1 lokal 2");
    expect(pkg.pickup?.company).toBe("Sklep");
    expect(warnings.map((w) => [w.path, w.rule])).toEqual([
      ["options.sender.company", "bidi_characters_removed"],
    ]);
    expect(sender.street).toBe("ul. Marszałkowska 1\r\nlokal 2");
  });

  it("names a NUL in the pickup option at options.pickup", () => {
    const error = failure(sampleOrder(), { pickup: { ...SENDER, city: "Warszawa\u0000" } });
    expect(error.issues.map((i) => [i.path, i.rule])).toEqual([
      ["options.pickup.city", "text_forbidden_character"],
    ]);
  });
});
