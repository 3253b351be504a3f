// GET /admin/shipbridge/orders/:id/shipments: the plugin's shipments of an
// order, its parcels and its returns' (`kind`: `shipment` or `return`), with
// status, tracking, label link and price, and the state of the service
// account, for the admin widget on the order page. It reads only: the
// shipments are recorded by the record-shipments workflow; one not recorded
// yet is shown from its fulfillment.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { ContainerRegistrationKeys } from "@medusajs/framework/utils";
import { type GraphQuery, orderFulfillments } from "../../../../../../lib/order-fulfillments.ts";
import { answeringErrors } from "../../../../../../lib/route-errors.ts";
import { shipmentView, unrecordedRow } from "../../../../../../lib/shipment-view.ts";
import { SHIPBRIDGE_MODULE } from "../../../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../../../modules/shipbridge/service.ts";

export const GET = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const query = req.scope.resolve<GraphQuery>(ContainerRegistrationKeys.QUERY);
    const shipped = await orderFulfillments(query, req.params["id"] as string);
    const ids = shipped.map((entry) => entry.fulfillment.id);
    const rows = ids.length === 0 ? [] : await shipbridge.listShipments({ fulfillment_id: ids });
    const rowOf = new Map(rows.map((row) => [row.fulfillment_id, row]));
    res.json({
      account: await shipbridge.accountState(),
      grant: shipbridge.grant,
      // The module's row as before (command_id, tracking_at...), with the list's fields.
      shipments: shipped.map((entry) => {
        const row = rowOf.get(entry.fulfillment.id);
        const base = row ?? unrecordedRow(entry);
        return {
          ...base,
          ...shipmentView(
            { ...base, is_return: base.is_return || entry.kind === "return" },
            entry.fulfillment,
          ),
        };
      }),
    });
  },
);
