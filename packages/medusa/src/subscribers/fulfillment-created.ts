// Keeps the shipment of every fulfillment the plugin's provider ships, so the
// tracking webhook and the reconcile job can find it by its package id.
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework";
import type { Logger } from "@medusajs/framework/types";
import { ContainerRegistrationKeys } from "@medusajs/framework/utils";
import { SHIPBRIDGE_MODULE } from "../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../modules/shipbridge/service.ts";

export default async function keepShipment({
  event,
  container,
}: SubscriberArgs<{ order_id?: string; fulfillment_id?: string; id?: string }>): Promise<void> {
  const fulfillmentId = event.data.fulfillment_id ?? event.data.id;
  if (fulfillmentId === undefined) return;
  const query = container.resolve(ContainerRegistrationKeys.QUERY);
  const { data } = await query.graph({
    entity: "fulfillment",
    fields: ["id", "provider_id", "data", "labels.*"],
    filters: { id: fulfillmentId },
  });
  const fulfillment = data[0] as
    | (Parameters<ShipbridgeModuleService["recordShipment"]>[0] & { provider_id?: string })
    | undefined;
  if (fulfillment === undefined || !fulfillment.provider_id?.startsWith("shipbridge_")) return;
  await container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE).recordShipment(fulfillment);
  // One line per event handled: with Medusa's Redis event bus, once, on the worker.
  container
    .resolve<Logger | undefined>(ContainerRegistrationKeys.LOGGER, { allowUnregistered: true })
    ?.info(`shipbridge: ${event.name} of order ${event.data.order_id}: shipments kept`);
}

export const config: SubscriberConfig = {
  event: ["order.fulfillment_created", "order.return_requested"],
};
