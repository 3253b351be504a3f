// POST /admin/shipbridge/tracking-webhook: points the account's tracking
// pushes at this store now, taking the webhook over from any other address
// (the service keeps one per account). For a store whose backend address
// changed, or a merchant who wants pushes here again; the connect callback
// and the reconcile job do the same by themselves.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { MedusaError } from "@medusajs/framework/utils";
import { answeringErrors } from "../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../modules/shipbridge/index.ts";
import { errorText, type ShipbridgeModuleService } from "../../../../modules/shipbridge/service.ts";

export const POST = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    try {
      res.json({ result: await shipbridge.registerTrackingWebhook({ replace: true }) });
    } catch (error) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `The tracking webhook was not registered: ${errorText(error)}`,
        "tracking_webhook_not_registered",
      );
    }
  },
);
