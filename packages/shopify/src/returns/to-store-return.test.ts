// A Shopify return as core's StoreReturn: the order's shipping address is the
// customer who sends it, each line's unit weight comes from its total weight,
// and empty fields are left out for core's strict schema.
import { describe, expect, it } from "vitest";
import type { AdminReturn } from "./read-return.ts";
import { toStoreReturn } from "./to-store-return.ts";

const RETURN: AdminReturn = {
  id: "gid://shopify/Return/700001",
  name: "#1001-R1",
  status: "OPEN",
  order: {
    id: "gid://shopify/Order/1001",
    legacyResourceId: "1001",
    name: "#1001",
    email: "anna@example.com",
    phone: null,
    shippingAddress: {
      firstName: "Anna",
      lastName: "Nowak",
      company: null,
      address1: "ul. Długa 5",
      address2: "",
      city: "Gdańsk",
      zip: "80-831",
      countryCodeV2: "PL",
      phone: "+48 601 234 567",
    },
    shippingLine: { code: "shipbridge:inpost:point:GDA01M" },
  },
  returnLineItems: {
    nodes: [
      {
        id: "gid://shopify/ReturnLineItem/1",
        quantity: 2,
        totalWeight: { unit: "KILOGRAMS", value: 0.8 },
        fulfillmentLineItem: {
          id: "gid://shopify/FulfillmentLineItem/1",
          lineItem: { id: "gid://shopify/LineItem/1", name: "Mug", sku: "MUG-1" },
        },
      },
    ],
    pageInfo: { hasNextPage: false },
  },
  reverseFulfillmentOrders: { nodes: [] },
};

describe("toStoreReturn", () => {
  it("sends the returned lines from the customer's address at the drop-off point", () => {
    expect(toStoreReturn(RETURN, { point: "GDA01M", service: "inpost" })).toEqual({
      id: "700001",
      orderId: "1001",
      name: "#1001-R1",
      customer: {
        first_name: "Anna",
        last_name: "Nowak",
        street: "ul. Długa 5",
        postcode: "80-831",
        city: "Gdańsk",
        country_code: "PL",
        phone: "+48 601 234 567",
        email: "anna@example.com",
      },
      dropOff: { point: "GDA01M", service: "inpost" },
      items: [{ name: "Mug", sku: "MUG-1", quantity: 2, weight: { value: 400, unit: "g" } }],
    });
  });
});
