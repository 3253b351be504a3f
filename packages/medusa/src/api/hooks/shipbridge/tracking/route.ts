// POST /hooks/shipbridge/tracking: the service's tracking push. Verified on
// the raw body with the webhook secret; a forged push is refused (401) and
// changes nothing; a replayed one is acknowledged and changes nothing.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { MedusaError } from "@medusajs/framework/utils";
import { applyTracking } from "../../../../lib/apply-tracking.ts";
import { answeringErrors } from "../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../modules/shipbridge/service.ts";

export const POST = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const raw = (req as { rawBody?: Buffer | string }).rawBody;
    if (raw === undefined) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "The push has no body", "push_empty");
    }
    const update = await shipbridge.recordTrackingPush(raw);
    const moved =
      update.recorded && update.fulfillment_id !== undefined
        ? await applyTracking(req.scope, update.fulfillment_id, update.state)
        : "unchanged";
    res.status(200).json({ received: true, recorded: update.recorded, fulfillment: moved });
  },
);
