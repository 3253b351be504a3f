// Test support: a GraphQL request to FakeShopify's Admin API as the merchant
// (or another app) would send it: a token of the shop, the document checked
// against the Admin schema and the token's scopes like every request. For
// tests that hold, release, move, split, merge or cancel fulfillment orders.
import type { FakeShopify } from "../testing/fake-shopify.ts";

export interface AdminAnswer {
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields its own document selected.
  readonly data?: Record<string, any>;
  readonly errors?: unknown;
}

export async function adminCall(
  fake: FakeShopify,
  shop: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<AdminAnswer> {
  const response = await fake.fetch(`https://${shop}/admin/api/${fake.apiVersion}/graphql.json`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-shopify-access-token": fake.issueAccessToken(shop),
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as AdminAnswer;
}

export const HOLD = /* GraphQL */ `
  mutation Hold($id: ID!, $hold: FulfillmentOrderHoldInput!) {
    fulfillmentOrderHold(id: $id, fulfillmentHold: $hold) {
      fulfillmentHold { id reason handle }
      fulfillmentOrder { id status }
      remainingFulfillmentOrder { id status lineItems(first: 10) { nodes { id remainingQuantity } } }
      userErrors { field message }
    }
  }
`;

export const RELEASE_HOLD = /* GraphQL */ `
  mutation Release($id: ID!, $holdIds: [ID!]) {
    fulfillmentOrderReleaseHold(id: $id, holdIds: $holdIds) {
      fulfillmentOrder { id status }
      userErrors { field message }
    }
  }
`;

export const MOVE = /* GraphQL */ `
  mutation Move($id: ID!, $to: ID!, $lines: [FulfillmentOrderLineItemInput!]) {
    fulfillmentOrderMove(id: $id, newLocationId: $to, fulfillmentOrderLineItems: $lines) {
      movedFulfillmentOrder { id status assignedLocation { name } }
      originalFulfillmentOrder { id status }
      userErrors { field message }
    }
  }
`;

export const SPLIT = /* GraphQL */ `
  mutation Split($splits: [FulfillmentOrderSplitInput!]!) {
    fulfillmentOrderSplit(fulfillmentOrderSplits: $splits) {
      fulfillmentOrderSplits {
        fulfillmentOrder { id status }
        remainingFulfillmentOrder { id status lineItems(first: 10) { nodes { id remainingQuantity } } }
      }
      userErrors { field message }
    }
  }
`;

export const MERGE = /* GraphQL */ `
  mutation Merge($inputs: [FulfillmentOrderMergeInput!]!) {
    fulfillmentOrderMerge(fulfillmentOrderMergeInputs: $inputs) {
      fulfillmentOrderMerges { fulfillmentOrder { id status } }
      userErrors { field message }
    }
  }
`;

export const CANCEL = /* GraphQL */ `
  mutation Cancel($id: ID!) {
    fulfillmentOrderCancel(id: $id) {
      fulfillmentOrder { id status }
      userErrors { field message }
    }
  }
`;

export const CREATE_FULFILLMENT = /* GraphQL */ `
  mutation Fulfil($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment { id }
      userErrors { field message }
    }
  }
`;
