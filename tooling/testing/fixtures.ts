// The workspace's one set of test fixtures: a realistic Polish store order
// (sampleOrder, in the store-neutral StoreOrder shape of @shipbridge/core),
// the demo merchant's sender address (SENDER, a shipment's address shape) and
// an IBAN that passes the checksum. Every package's tests take them from here
// rather than keeping a copy.
//
// Tooling depends on no workspace package, so the types here are structural:
// SampleOrder is the shape of core's StoreOrderInput and satisfies it, and
// SampleAddress that of its Address. A caller with a narrower order type
// names it: `sampleOrder<MyOrder>(...)`.

/** An address as a shipment carries it (sender, pickup, receiver). */
export interface SampleAddress {
  readonly name: string;
  readonly company?: string;
  readonly street: string;
  readonly postcode: string;
  readonly city: string;
  readonly country_code: string;
  readonly email?: string;
  readonly phone: string;
}

/** The demo shop's address: where its parcels are picked up. */
export const SENDER: SampleAddress = Object.freeze({
  name: "Jan Kowalski",
  company: "Sklep Kowalski",
  street: "ul. Marszałkowska 1",
  postcode: "00-624",
  city: "Warszawa",
  country_code: "PL",
  email: "sklep@example.com",
  phone: "501234567",
});

/** A valid Polish IBAN (checksum 61), written with spaces as merchants paste it. */
export const IBAN = "PL61 1090 1014 0000 0712 1981 2874";

/** An order in the StoreOrder shape (core's StoreOrderInput): what sampleOrder returns and takes. */
export interface SampleOrder {
  id: string;
  name: string;
  customer: {
    email?: string;
    phone?: string;
    first_name?: string;
    last_name?: string;
    full_name?: string;
  };
  shipping_address: {
    name?: string;
    first_name?: string;
    last_name?: string;
    company?: string;
    street: string;
    street2?: string;
    postcode: string;
    city: string;
    country_code: string;
    province?: string;
    phone?: string;
  };
  items: {
    sku?: string;
    name: string;
    quantity: number;
    weight: { value: number; unit: "g" | "kg" | "lb" | "oz" };
    dimensions?: { length: number; width: number; height: number; unit: "mm" | "cm" | "m" | "in" };
    price: number;
  }[];
  currency: string;
  totals: { items?: number; shipping?: number; total: number };
  cod?: { amount: number; currency: string };
  shipping: { service?: string; service_id?: number; title?: string };
  pickup_point?: { code: string; carrier: string };
}

/**
 * A fresh realistic order (two items, a Polish address, DPD courier) with
 * `overrides` on top; the caller may change it. `T` is the caller's order
 * type (core's StoreOrderInput), which this shape satisfies.
 */
export function sampleOrder<T extends object = SampleOrder>(
  overrides: NoInfer<Partial<T>> = {},
): T {
  const order: SampleOrder = {
    id: "1001",
    name: "#1001",
    customer: { email: "anna@example.com", phone: "+48 601 234 567" },
    shipping_address: {
      first_name: "Anna",
      last_name: "Nowak",
      street: "ul. Długa 5",
      street2: "m. 3",
      postcode: "80-831",
      city: "Gdańsk",
      country_code: "pl",
    },
    items: [
      {
        sku: "MUG-1",
        name: "Mug",
        quantity: 3,
        weight: { value: 400, unit: "g" },
        dimensions: { length: 12, width: 9, height: 10.2, unit: "cm" },
        price: 39.9,
      },
      {
        sku: "BOOK-1",
        name: "Book",
        quantity: 1,
        weight: { value: 1.1, unit: "lb" },
        dimensions: { length: 240, width: 170, height: 30, unit: "mm" },
        price: 59,
      },
    ],
    currency: "PLN",
    totals: { items: 178.7, shipping: 14.99, total: 193.69 },
    shipping: { service: "dpd", title: "DPD courier" },
  };
  return { ...order, ...overrides } as unknown as T;
}
