// GET /admin/shipbridge/shipments?limit=&offset=: every shipment of the
// plugin, newest first, with its fulfillment's status and the price the
// service charged when known.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { ContainerRegistrationKeys } from "@medusajs/framework/utils";
import { answeringErrors } from "../../../../lib/route-errors.ts";
import { type FulfillmentLike, shipmentView } from "../../../../lib/shipment-view.ts";
import { SHIPBRIDGE_MODULE } from "../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../modules/shipbridge/service.ts";

function bounded(value: unknown, fallback: number, max: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? Math.min(number, max) : fallback;
}

export const GET = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const limit = bounded(req.query["limit"], 50, 500);
    const offset = bounded(req.query["offset"], 0, Number.MAX_SAFE_INTEGER);
    const [rows, count] = await shipbridge.listAndCountShipments(
      {},
      { take: limit, skip: offset, order: { created_at: "DESC" } },
    );
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY);
    const ids = rows.map((row) => row.fulfillment_id);
    const { data } =
      ids.length === 0
        ? { data: [] }
        : await query.graph({
            entity: "fulfillment",
            fields: ["id", "canceled_at", "shipped_at", "delivered_at", "labels.label_url"],
            filters: { id: ids },
          });
    const fulfillments = new Map(
      (data as ({ id: string } & FulfillmentLike)[]).map((fulfillment) => [
        fulfillment.id,
        fulfillment,
      ]),
    );
    res.json({
      shipments: rows.map((row) => shipmentView(row, fulfillments.get(row.fulfillment_id))),
      count,
    });
  },
);
