// GET /admin/shipbridge/fulfillments/:id/label: the label of a fulfillment
// the plugin shipped, as the service renders it (a PDF). Medusa never calls a
// provider's document methods, so the label is served here.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { ContainerRegistrationKeys } from "@medusajs/framework/utils";
import { answeringErrors, requestLanguage } from "../../../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../../../modules/shipbridge/index.ts";
import type {
  ShipbridgeModuleService,
  ShippedFulfillment,
} from "../../../../../../modules/shipbridge/service.ts";

export const GET = answeringErrors(label);

async function label(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
  const id = req.params["id"] as string;
  // The shipment row may not be kept yet (the subscriber's workflow runs
  // after the fulfillment): the package is read from the fulfillment's data.
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY);
  const { data } = await query.graph({
    entity: "fulfillment",
    fields: ["id", "data"],
    filters: { id },
  });
  const fulfillment = data[0] as ShippedFulfillment | undefined;
  const file = await shipbridge.labelOf(id, requestLanguage(req), fulfillment);
  res.setHeader("content-type", file.contentType);
  res.setHeader("content-disposition", `inline; filename="label-${id}.pdf"`);
  res.status(200).send(Buffer.from(file.bytes));
}
