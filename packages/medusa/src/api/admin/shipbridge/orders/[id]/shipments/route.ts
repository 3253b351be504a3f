// GET /admin/shipbridge/orders/:id/shipments: the plugin's shipments of an
// order (tracking, label link) and the state of the service account, for the
// admin widget on the order page.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { ContainerRegistrationKeys } from "@medusajs/framework/utils";
import { labelPath } from "../../../../../../lib/label-path.ts";
import { SHIPBRIDGE_MODULE } from "../../../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../../../modules/shipbridge/service.ts";

export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY);
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "fulfillments.id", "fulfillments.data", "fulfillments.labels.*"],
    filters: { id: req.params["id"] as string },
  });
  const fulfillments = ((data[0] as { fulfillments?: unknown[] } | undefined)?.fulfillments ??
    []) as Parameters<ShipbridgeModuleService["recordShipment"]>[0][];
  for (const fulfillment of fulfillments) await shipbridge.recordShipment(fulfillment);
  const ids = fulfillments.map((f) => f.id);
  const shipments = ids.length === 0 ? [] : await shipbridge.listShipments({ fulfillment_id: ids });
  res.json({
    account: await shipbridge.accountState(),
    shipments: shipments.map((shipment) => ({
      ...shipment,
      label_url: labelPath(shipment.fulfillment_id),
    })),
  });
}
