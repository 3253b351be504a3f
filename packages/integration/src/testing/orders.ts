// Test support for shipOrder's tests: a realistic Polish store order, the
// merchant's sender address and an IBAN that passes the checksum.
import type { StoreOrderInput } from "@shipbridge/core";

export { SENDER } from "./packages.ts";

/** A valid Polish IBAN (checksum 61), written with spaces as merchants paste it. */
export const IBAN = "PL61 1090 1014 0000 0712 1981 2874";

export function sampleOrder(overrides: Partial<StoreOrderInput> = {}): StoreOrderInput {
  return {
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
    ...overrides,
  };
}
