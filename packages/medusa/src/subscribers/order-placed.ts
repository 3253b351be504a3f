// Marks an order paid on delivery when it was placed with one of the plugin's
// `cod_payment_providers`: `metadata.shipbridge_cod`, which the fulfillment
// provider (that sees the order but not its payments) reads to ship the
// first package with cash on delivery for the order's total.
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework";
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils";
import { COD_METADATA_KEY } from "../lib/medusa-order.ts";
import { SHIPBRIDGE_MODULE } from "../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../modules/shipbridge/service.ts";
import { settingsInForce } from "../modules/shipbridge/settings-in-force.ts";

interface PlacedOrder {
  id: string;
  metadata?: Record<string, unknown> | null;
  payment_collections?: {
    payments?: { provider_id?: string | null }[] | null;
    payment_sessions?: { provider_id?: string | null; status?: string | null }[] | null;
  }[];
}

export default async function markCashOnDelivery({
  event,
  container,
}: SubscriberArgs<{ id: string }>): Promise<void> {
  const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
  // The merchant's settings may name other providers than medusa-config.ts.
  const providers = new Set((await settingsInForce(shipbridge)).cod_payment_providers);
  if (providers.size === 0) return;
  const query = container.resolve(ContainerRegistrationKeys.QUERY);
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "metadata",
      "payment_collections.payments.provider_id",
      "payment_collections.payment_sessions.provider_id",
      "payment_collections.payment_sessions.status",
    ],
    filters: { id: event.data.id },
  });
  const order = data[0] as PlacedOrder | undefined;
  if (order === undefined || order.metadata?.[COD_METADATA_KEY] !== undefined) return;
  const used = (order.payment_collections ?? []).flatMap((collection) => [
    ...(collection.payments ?? []).map((payment) => payment.provider_id),
    ...(collection.payment_sessions ?? [])
      .filter((session) => session.status === "authorized" || session.status === "captured")
      .map((session) => session.provider_id),
  ]);
  if (!used.some((provider) => typeof provider === "string" && providers.has(provider))) return;
  await container
    .resolve(Modules.ORDER)
    .updateOrders([
      { id: order.id, metadata: { ...(order.metadata ?? {}), [COD_METADATA_KEY]: true } },
    ]);
}

export const config: SubscriberConfig = { event: "order.placed" };
