// POST /hooks/shipbridge/tracking: the service's tracking push. Verified on
// the raw body with the webhook secret; a forged push is refused (401) and
// changes nothing; a replayed one is acknowledged and changes nothing.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { MedusaError } from "@medusajs/framework/utils";
import { coreLanguage } from "../../../../lib/language.ts";
import { answeringErrors } from "../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../modules/shipbridge/service.ts";
import { applyTrackingPushWorkflow } from "../../../../workflows/apply-tracking-push.ts";

export const POST = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const raw = (req as { rawBody?: Buffer | string }).rawBody;
    if (raw === undefined) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "The push has no body", "push_empty");
    }
    const { result } = await applyTrackingPushWorkflow(req.scope).run({
      input: {
        raw_body: typeof raw === "string" ? raw : raw.toString("utf8"),
        language: coreLanguage(shipbridge.pluginOptions.language),
      },
    });
    const { update, moved } = result;
    res.status(200).json({ received: true, recorded: update.recorded, fulfillment: moved });
  },
);
