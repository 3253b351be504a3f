// Test support: the merchant's (and the customer's) side of returns, as
// GraphQL documents sent to FakeShopify's Admin API with a token of the shop,
// so every one is checked against the 2026-10 schema and the token's scopes
// as Shopify would: create a return, request one, approve, decline, cancel,
// close, reopen, process.
import type { FakeShopify } from "../testing/fake-shopify.ts";

const RETURN_FIELDS = "return { id name status } userErrors { field message code }";

export const MERCHANT_RETURN_DOCUMENTS = {
  create: `mutation MerchantReturnCreate($input: ReturnInput!) { returnCreate(returnInput: $input) { ${RETURN_FIELDS} } }`,
  request: `mutation CustomerReturnRequest($input: ReturnRequestInput!) { returnRequest(input: $input) { ${RETURN_FIELDS} } }`,
  approve: `mutation MerchantReturnApprove($input: ReturnApproveRequestInput!) { returnApproveRequest(input: $input) { ${RETURN_FIELDS} } }`,
  decline: `mutation MerchantReturnDecline($input: ReturnDeclineRequestInput!) { returnDeclineRequest(input: $input) { ${RETURN_FIELDS} } }`,
  cancel: `mutation MerchantReturnCancel($id: ID!) { returnCancel(id: $id) { ${RETURN_FIELDS} } }`,
  close: `mutation MerchantReturnClose($id: ID!) { returnClose(id: $id) { ${RETURN_FIELDS} } }`,
  reopen: `mutation MerchantReturnReopen($id: ID!) { returnReopen(id: $id) { ${RETURN_FIELDS} } }`,
  process: `mutation MerchantReturnProcess($input: ReturnProcessInput!) { returnProcess(input: $input) { ${RETURN_FIELDS} } }`,
} as const;

export interface ReturnAnswer {
  readonly return: { readonly id: string; readonly name: string; readonly status: string } | null;
  readonly userErrors: readonly { field: string[] | null; message: string; code: string }[];
}

/** Sends one document to the fake's Admin API as `shop`; answers the parsed body. */
export async function adminCall(
  fake: FakeShopify,
  shop: string,
  query: string,
  variables: Record<string, unknown> = {},
  token = fake.issueAccessToken(shop),
): Promise<{
  data?: Record<string, unknown>;
  errors?: { message: string; extensions?: { code?: string } }[];
}> {
  const response = await fake.fetch(`https://${shop}/admin/api/${fake.apiVersion}/graphql.json`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-shopify-access-token": token },
    body: JSON.stringify({ query, variables }),
  });
  return response.json();
}

/** The merchant's returns actions on `shop`, each answering the mutation's payload. */
export function merchantReturns(fake: FakeShopify, shop: string) {
  const run = async (
    key: keyof typeof MERCHANT_RETURN_DOCUMENTS,
    field: string,
    variables: Record<string, unknown>,
  ) => {
    const body = await adminCall(fake, shop, MERCHANT_RETURN_DOCUMENTS[key], variables);
    if (body.errors) throw new Error(`${key}: ${JSON.stringify(body.errors)}`);
    return body.data?.[field] as ReturnAnswer;
  };
  /** Every fulfilled line of the order, returned whole. */
  const wholeOrder = (orderId: string) =>
    fake.returns
      .fulfillmentLines(shop, orderId)
      .map((line) => ({ fulfillmentLineItemId: line.id, quantity: line.quantity }));
  return {
    wholeOrder,
    create: (orderId: string, lines = wholeOrder(orderId)) =>
      run("create", "returnCreate", { input: { orderId, returnLineItems: lines } }),
    request: (orderId: string, lines = wholeOrder(orderId)) =>
      run("request", "returnRequest", { input: { orderId, returnLineItems: lines } }),
    approve: (id: string) =>
      run("approve", "returnApproveRequest", { input: { id, notifyCustomer: true } }),
    decline: (id: string) =>
      run("decline", "returnDeclineRequest", { input: { id, declineReason: "FINAL_SALE" } }),
    cancel: (id: string) => run("cancel", "returnCancel", { id }),
    close: (id: string) => run("close", "returnClose", { id }),
    reopen: (id: string) => run("reopen", "returnReopen", { id }),
    /** Processes every line of the return whole (Shopify then closes it). */
    processAll: (id: string) =>
      run("process", "returnProcess", {
        input: {
          returnId: id,
          returnLineItems: (fake.returns.get(shop, id)?.lines ?? []).map((line) => ({
            id: line.id,
            quantity: line.quantity,
          })),
        },
      }),
  };
}
