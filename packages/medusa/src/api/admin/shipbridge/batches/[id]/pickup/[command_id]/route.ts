// DELETE /admin/shipbridge/batches/:id/pickup/:command_id: cancels one of the
// batch's courier bookings while the service allows (until its window
// starts); `{ cancelled: false, reason }` once it no longer does. Safe to
// repeat.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { coreLanguage } from "../../../../../../../lib/language.ts";
import { answeringErrors, requestLanguage } from "../../../../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../../../../modules/shipbridge/service.ts";
import { cancelBatchPickupWorkflow } from "../../../../../../../workflows/batch-pickup.ts";

export const DELETE = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const language = requestLanguage(req) ?? coreLanguage(shipbridge.pluginOptions.language);
    const { result } = await cancelBatchPickupWorkflow(req.scope).run({
      input: {
        batch_id: req.params["id"] as string,
        command_id: req.params["command_id"] as string,
        language,
      },
    });
    res.json(result);
  },
);
