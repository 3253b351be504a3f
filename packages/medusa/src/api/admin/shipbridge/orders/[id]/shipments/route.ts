// GET /admin/shipbridge/orders/:id/shipments: the plugin's shipments of an
// order (status, tracking, label link, price) and the state of the service
// account, for the admin widget on the order page.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { ContainerRegistrationKeys } from "@medusajs/framework/utils";
import { answeringErrors } from "../../../../../../lib/route-errors.ts";
import { shipmentView } from "../../../../../../lib/shipment-view.ts";
import { SHIPBRIDGE_MODULE } from "../../../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../../../modules/shipbridge/service.ts";

type FulfillmentRecord = Parameters<ShipbridgeModuleService["recordShipment"]>[0] & {
  canceled_at?: unknown;
  shipped_at?: unknown;
  delivered_at?: unknown;
};

export const GET = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY);
    const { data } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "fulfillments.id",
        "fulfillments.data",
        "fulfillments.canceled_at",
        "fulfillments.shipped_at",
        "fulfillments.delivered_at",
        "fulfillments.labels.*",
      ],
      filters: { id: req.params["id"] as string },
    });
    const fulfillments = ((data[0] as { fulfillments?: unknown[] } | undefined)?.fulfillments ??
      []) as FulfillmentRecord[];
    for (const fulfillment of fulfillments) await shipbridge.recordShipment(fulfillment);
    const ids = fulfillments.map((f) => f.id);
    const shipments =
      ids.length === 0 ? [] : await shipbridge.listShipments({ fulfillment_id: ids });
    const byId = new Map(fulfillments.map((f) => [f.id, f]));
    res.json({
      account: await shipbridge.accountState(),
      grant: shipbridge.grant,
      // The module's row as before (command_id, tracking_at...), with the list's fields.
      shipments: shipments.map((shipment) => ({
        ...shipment,
        ...shipmentView(shipment, byId.get(shipment.fulfillment_id)),
      })),
    });
  },
);
