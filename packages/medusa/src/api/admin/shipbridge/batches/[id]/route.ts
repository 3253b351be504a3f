// GET /admin/shipbridge/batches/:id: how far the batch is (counts, the time
// left), each order's outcome, and the orders that did not ship with their
// problems in the request's language (Accept-Language pl or en).
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { batchView } from "../../../../../lib/batch-view.ts";
import { coreLanguage } from "../../../../../lib/language.ts";
import { answeringErrors, requestLanguage } from "../../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../../modules/shipbridge/service.ts";

export const GET = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const language = requestLanguage(req) ?? coreLanguage(shipbridge.pluginOptions.language);
    const batch = await shipbridge.batchOf(req.params["id"] as string, language);
    const orders = await shipbridge.listBatchOrders({ batch_id: batch.id });
    res.json({ batch: batchView(batch, orders, language) });
  },
);
