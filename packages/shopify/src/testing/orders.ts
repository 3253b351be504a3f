// Sample data for tests: a Shopify order as the orders/* webhooks deliver it
// (a Polish customer, two items, one digital), a merchant's sender address
// and an IBAN with a valid checksum.
import type { ShopifyOrder } from "../mapping/shopify-order.ts";

/** A merchant's sender address, and an IBAN with a valid checksum: core's sample data. */
export { IBAN as SAMPLE_IBAN, SENDER as SAMPLE_SENDER } from "@shipbridge/core/testing";

/** The merchant's usual box, in centimetres. */
export const SAMPLE_PARCEL = { width: 30, depth: 20, height: 10 } as const;

/** A paid order shipped by DPD; pass overrides to change any top-level field. */
export function sampleShopifyOrder(overrides: Partial<ShopifyOrder> = {}): ShopifyOrder {
  return {
    id: 5_500_000_001,
    admin_graphql_api_id: "gid://shopify/Order/5500000001",
    name: "#1001",
    email: "anna@example.com",
    phone: null,
    currency: "PLN",
    total_price: "193.69",
    subtotal_price: "178.70",
    total_outstanding: "0.00",
    total_shipping_price_set: { shop_money: { amount: "14.99", currency_code: "PLN" } },
    payment_gateway_names: ["shopify_payments"],
    financial_status: "paid",
    customer: { first_name: "Anna", last_name: "Nowak", email: "anna@example.com", phone: null },
    shipping_address: {
      first_name: "Anna",
      last_name: "Nowak",
      company: null,
      address1: "ul. Długa 5",
      address2: "m. 3",
      city: "Gdańsk",
      zip: "80-831",
      province_code: null,
      country_code: "PL",
      phone: "+48 601 234 567",
    },
    line_items: [
      {
        id: 1,
        sku: "MUG-1",
        name: "Mug",
        quantity: 3,
        current_quantity: 3,
        grams: 400,
        price: "39.90",
        requires_shipping: true,
      },
      {
        id: 2,
        sku: "BOOK-1",
        name: "Book",
        quantity: 1,
        current_quantity: 1,
        grams: 500,
        price: "59.00",
        requires_shipping: true,
      },
      {
        id: 3,
        sku: "GIFT",
        name: "Gift card",
        quantity: 1,
        current_quantity: 1,
        grams: 0,
        price: "0.00",
        requires_shipping: false,
      },
    ],
    shipping_lines: [
      { title: "DPD kurier", code: "shipbridge:dpd", source: "shipbridge", price: "14.99" },
    ],
    ...overrides,
  };
}
