// GET /hooks/shipbridge/connect/callback: where the service's authorization
// page sends the merchant's browser. The state is taken once from the
// database, the code exchanged and the tokens stored; then the browser goes
// back where the connect request said (302).
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { coreLanguage } from "../../../../../lib/language.ts";
import { answeringErrors, requestLanguage } from "../../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../../modules/shipbridge/service.ts";
import { completeConnectWorkflow } from "../../../../../workflows/connect-account.ts";

export const GET = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const { result } = await completeConnectWorkflow(req.scope).run({
      input: {
        query: { ...(req.query as Record<string, unknown>) },
        language: requestLanguage(req) ?? coreLanguage(shipbridge.pluginOptions.language),
      },
    });
    const { return_to } = result;
    res.redirect(302, return_to);
  },
);
