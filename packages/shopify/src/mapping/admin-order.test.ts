// The Admin API's order read into the webhook shape: weights from the
// fulfillment order lines in any unit, the payment state in lower case, and
// nothing invented for what Shopify left empty.
import { describe, expect, it } from "vitest";
import { type AdminOrder, fromAdminOrder } from "./admin-order.ts";

const money = (amount: string) => ({ shopMoney: { amount, currencyCode: "PLN" } });

function adminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: "gid://shopify/Order/42",
    legacyResourceId: "42",
    name: "#1042",
    email: "anna@example.com",
    phone: null,
    currencyCode: "PLN",
    createdAt: "2026-11-20T10:00:00Z",
    updatedAt: "2026-11-20T11:00:00Z",
    cancelledAt: null,
    displayFinancialStatus: "PARTIALLY_REFUNDED",
    paymentGatewayNames: ["Cash on Delivery (COD)"],
    currentTotalPriceSet: money("120.00"),
    currentSubtotalPriceSet: money("100.00"),
    totalOutstandingSet: money("120.00"),
    totalShippingPriceSet: money("20.00"),
    shippingAddress: null,
    shippingLine: {
      title: "InPost KRA010",
      code: "shipbridge:inpost:point:KRA010",
      source: "shipbridge",
      originalPriceSet: money("20.00"),
    },
    lineItems: {
      nodes: [
        {
          id: "gid://shopify/LineItem/1",
          sku: "MUG-1",
          name: "Mug",
          title: "Mug",
          quantity: 2,
          currentQuantity: 1,
          requiresShipping: true,
          originalUnitPriceSet: money("50.00"),
        },
        {
          id: "gid://shopify/LineItem/2",
          sku: null,
          name: "Poster",
          title: "Poster",
          quantity: 1,
          currentQuantity: 1,
          requiresShipping: true,
          originalUnitPriceSet: money("0.00"),
        },
      ],
    },
    fulfillmentOrders: {
      nodes: [
        {
          lineItems: {
            nodes: [
              {
                lineItem: { id: "gid://shopify/LineItem/1" },
                weight: { unit: "KILOGRAMS", value: 0.4 },
              },
              { lineItem: { id: "gid://shopify/LineItem/2" }, weight: null },
            ],
          },
        },
      ],
    },
    ...overrides,
  };
}

describe("fromAdminOrder", () => {
  it("reads the order in the webhook shape, with each unit's weight in grams", () => {
    const order = fromAdminOrder(adminOrder());
    expect(order).toMatchObject({
      id: "42",
      admin_graphql_api_id: "gid://shopify/Order/42",
      financial_status: "partially_refunded",
      total_price: "120.00",
      total_outstanding: "120.00",
      payment_gateway_names: ["Cash on Delivery (COD)"],
      shipping_address: null,
      shipping_lines: [{ code: "shipbridge:inpost:point:KRA010", price: "20.00" }],
    });
    expect(order.line_items?.map((item) => [item.sku, item.current_quantity, item.grams])).toEqual([
      ["MUG-1", 1, 400],
      [null, 1, null],
    ]);
  });

  it("converts ounces and pounds, and keeps an order with no shipping line without one", () => {
    const order = fromAdminOrder(
      adminOrder({
        shippingLine: null,
        displayFinancialStatus: null,
        fulfillmentOrders: {
          nodes: [
            {
              lineItems: {
                nodes: [
                  {
                    lineItem: { id: "gid://shopify/LineItem/1" },
                    weight: { unit: "POUNDS", value: 1 },
                  },
                  {
                    lineItem: { id: "gid://shopify/LineItem/2" },
                    weight: { unit: "OUNCES", value: 2 },
                  },
                ],
              },
            },
          ],
        },
      }),
    );
    expect(order.line_items?.map((item) => item.grams)).toEqual([454, 57]);
    expect(order.shipping_lines).toEqual([]);
    expect(order.financial_status).toBeNull();
  });
});
