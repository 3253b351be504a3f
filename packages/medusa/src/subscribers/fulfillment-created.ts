// Records the plugin's shipments of an order whenever Medusa made a
// fulfillment of it: a fulfilment, a return (confirmed request or a complete
// return), a claim's or an exchange's. Every event named here carries the
// order's id; the shipments themselves are read back through the order's
// fulfillments and its returns' (see the record-shipments workflow).
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework";
import { recordShipmentsWorkflow } from "../workflows/record-shipments.ts";

export default async function keepShipments({
  event,
  container,
}: SubscriberArgs<{ order_id?: string }>): Promise<void> {
  const orderId = event.data.order_id;
  if (typeof orderId !== "string" || orderId === "") return;
  await recordShipmentsWorkflow(container).run({ input: { order_id: orderId } });
}

export const config: SubscriberConfig = {
  event: [
    "order.fulfillment_created",
    "order.return_requested",
    "order.claim_created",
    "order.exchange_created",
  ],
};
