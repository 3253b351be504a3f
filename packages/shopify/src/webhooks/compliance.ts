// The three compliance topics: shop/redact forgets the shop's access and
// deletes everything the app keeps of it; customers/redact removes a
// customer's data from what the app keeps; customers/data_request keeps a
// report of what the app holds about the customer's orders.
import type { ProcessContext } from "../runtime/process-context.ts";
import { deleteShopData, recordDataRequest, redactCustomer } from "../store/compliance.ts";
import type { Delivery } from "./delivery.ts";
import { forgetShopAccess } from "./uninstall.ts";

export async function handleShopRedact(
  context: ProcessContext,
  delivery: Delivery<"shop/redact">,
): Promise<undefined> {
  await forgetShopAccess(context, delivery.shop, delivery.webhookId);
  await deleteShopData(context.pool, delivery.shop);
  return undefined;
}

export async function handleCustomerRedact(
  context: ProcessContext,
  delivery: Delivery<"customers/redact">,
): Promise<undefined> {
  const { customerId, orderIds } = delivery.order;
  await redactCustomer(context.pool, delivery.shop, customerId, orderIds);
  return undefined;
}

export async function handleDataRequest(
  context: ProcessContext,
  delivery: Delivery<"customers/data_request">,
): Promise<undefined> {
  const { requestId, customer, orderIds } = delivery.order;
  await recordDataRequest(context.pool, delivery.shop, requestId, customer, orderIds);
  return undefined;
}
