// GET /admin/shipbridge/fulfillments/:id/label: the label of a fulfillment
// the plugin shipped, as the service renders it (a PDF). Medusa never calls a
// provider's document methods, so the label is served here.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { ContainerRegistrationKeys } from "@medusajs/framework/utils";
import { answeringErrors, requestLanguage } from "../../../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../../../modules/shipbridge/service.ts";

export const GET = answeringErrors(label);

async function label(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
  const id = req.params["id"] as string;
  // The shipment row may not be kept yet (the subscriber runs after the
  // fulfillment): keep it now from the fulfillment's data.
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY);
  const { data } = await query.graph({
    entity: "fulfillment",
    fields: ["id", "data", "labels.*"],
    filters: { id },
  });
  const fulfillment = data[0] as
    | Parameters<ShipbridgeModuleService["recordShipment"]>[0]
    | undefined;
  if (fulfillment !== undefined) await shipbridge.recordShipment(fulfillment);
  const file = await shipbridge.labelOf(id, requestLanguage(req));
  res.setHeader("content-type", file.contentType);
  res.setHeader("content-disposition", `inline; filename="label-${id}.pdf"`);
  res.status(200).send(Buffer.from(file.bytes));
}
