// POST /hooks/shipbridge/tracking: the service's tracking push. Verified on
// the raw body with the webhook secret; a forged push is refused (401) and
// changes nothing; a replayed one is acknowledged and changes nothing; one
// for a package whose shipment is not recorded yet keeps nothing and answers
// 503, so the service pushes it again later.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { MedusaError } from "@medusajs/framework/utils";
import { coreLanguage } from "../../../../lib/language.ts";
import { asMedusaError } from "../../../../lib/medusa-error.ts";
import { answeringErrors } from "../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../modules/shipbridge/index.ts";
import {
  SHIPMENT_NOT_RECORDED_YET,
  type ShipbridgeModuleService,
} from "../../../../modules/shipbridge/service.ts";
import { applyTrackingPushWorkflow } from "../../../../workflows/apply-tracking-push.ts";

export const POST = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const raw = (req as { rawBody?: Buffer | string }).rawBody;
    if (raw === undefined) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "The push has no body", "push_empty");
    }
    const language = coreLanguage(shipbridge.pluginOptions.language);
    const outcome = await applyTrackingPushWorkflow(req.scope)
      .run({
        input: { raw_body: typeof raw === "string" ? raw : raw.toString("utf8"), language },
      })
      .then(
        ({ result }) => ({ result }),
        (error: unknown) => {
          const refusal = asMedusaError(error, language);
          if (refusal.code !== SHIPMENT_NOT_RECORDED_YET) throw refusal;
          return { refusal };
        },
      );
    if ("refusal" in outcome) {
      const { code, type, message } = outcome.refusal;
      res.status(503).json({ code, type, message });
      return;
    }
    const { update, moved } = outcome.result;
    res.status(200).json({ received: true, recorded: update.recorded, fulfillment: moved });
  },
);
