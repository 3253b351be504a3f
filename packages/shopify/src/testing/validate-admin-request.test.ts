// The checks refuse what Shopify refuses: each case below breaks one rule.
import { describe, expect, it } from "vitest";
import { ADMIN_DOCUMENTS, APP_SCOPES } from "../admin/documents.ts";
import { loadAdminSchema } from "./admin-schema.ts";
import { checkAdminRequest } from "./validate-admin-request.ts";

const admin = loadAdminSchema();

function messages(check: ReturnType<typeof checkAdminRequest>): string[] {
  return check.ok ? [] : check.errors.map((error) => error.message);
}

describe("checkAdminRequest", () => {
  it("accepts a valid query and returns the coerced variables", () => {
    const check = checkAdminRequest(
      admin,
      {
        query: "query ($id: ID!) { order(id: $id) { id name } }",
        variables: { id: "gid://shopify/Order/7" },
      },
      ["read_orders"],
    );
    expect(check.ok && check.variables).toEqual({ id: "gid://shopify/Order/7" });
  });

  it("refuses an unknown field", () => {
    const check = checkAdminRequest(
      admin,
      { query: '{ order(id: "x") { id shoeSize } }' },
      APP_SCOPES,
    );
    expect(messages(check)).toEqual(['Cannot query field "shoeSize" on type "Order".']);
  });

  it("refuses a variable of the wrong type and a missing required one", () => {
    const { query } = ADMIN_DOCUMENTS.FulfillmentCreate;
    const wrong = checkAdminRequest(
      admin,
      {
        query,
        variables: { fulfillment: { lineItemsByFulfillmentOrder: "all", trackingInfo: {} } },
      },
      APP_SCOPES,
    );
    expect(messages(wrong).join("\n")).toMatch(/\$fulfillment.*lineItemsByFulfillmentOrder/);
    const missing = checkAdminRequest(admin, { query, variables: {} }, APP_SCOPES);
    expect(messages(missing)).toEqual([
      'Variable "$fulfillment" of required type "FulfillmentInput!" was not provided.',
    ]);
  });

  it("refuses a variable declared with a type the argument does not take", () => {
    const check = checkAdminRequest(
      admin,
      { query: "query ($id: String!) { order(id: $id) { id } }", variables: { id: "x" } },
      APP_SCOPES,
    );
    expect(messages(check).join("\n")).toMatch(
      /Variable "\$id" of type "String!" used in position expecting type "ID!"/,
    );
  });

  it("refuses a field the granted scopes do not reach", () => {
    const noOrders = checkAdminRequest(admin, ADMIN_DOCUMENTS.OrderFulfillmentState, [
      "write_shipping",
    ]);
    expect(messages(noOrders)[0]).toMatch(
      /^Access denied for order field\. Required access: one of read_orders/,
    );
    const noFulfil = checkAdminRequest(admin, ADMIN_DOCUMENTS.FulfillmentCreate, ["read_orders"]);
    expect(messages(noFulfil)[0]).toMatch(/^Access denied for fulfillmentCreate field/);
    const noShipping = checkAdminRequest(admin, ADMIN_DOCUMENTS.CarrierServiceCreate, [
      "read_orders",
    ]);
    expect(messages(noShipping)[0]).toMatch(/^Access denied for carrierServiceCreate field/);
  });

  it("counts a write scope as its read scope", () => {
    const check = checkAdminRequest(
      admin,
      { query: '{ order(id: "gid://shopify/Order/1") { id } }' },
      ["write_orders"],
    );
    expect(check.ok).toBe(true);
  });

  it("refuses a query whose requested cost is above Shopify's limit of 1,000", () => {
    // Nested connections multiply: 250 orders of 250 lines each.
    const nested = `query ($n: Int!) {
      orders(first: $n) { nodes { id lineItems(first: 250) { nodes { id } } } }
    }`;
    const check = checkAdminRequest(admin, { query: nested, variables: { n: 250 } }, APP_SCOPES);
    expect(check.ok ? [] : check.errors.map((error) => error.extensions["code"])).toEqual([
      "MAX_COST_EXCEEDED",
    ]);
    expect(messages(check)[0]).toMatch(/^Query cost is \d+, which exceeds/);
    // Four orders of 100 lines (2 + 4 x (1 + 2 + 100)) stays under it.
    const small = checkAdminRequest(
      admin,
      { query: nested.replace("250", "100"), variables: { n: 4 } },
      APP_SCOPES,
    );
    expect(messages(small)).toEqual([]);
  });

  it("refuses a document that does not parse", () => {
    expect(messages(checkAdminRequest(admin, { query: "{ order(" }, APP_SCOPES))[0]).toMatch(
      /^Syntax Error/,
    );
  });
});
