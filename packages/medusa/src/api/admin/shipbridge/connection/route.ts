// GET /admin/shipbridge/connection: the state of the shipping account and the
// grant in use. POST: starts connecting it with the authorization code, and
// answers the service's authorization page to send the browser to (the
// start-connect workflow keeps the pending request).
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { MedusaError } from "@medusajs/framework/utils";
import { coreLanguage } from "../../../../lib/language.ts";
import { answeringErrors, requestLanguage } from "../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../modules/shipbridge/service.ts";
import { startConnectWorkflow } from "../../../../workflows/connect-account.ts";

export const GET = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    res.json({ state: await shipbridge.accountState(), grant: shipbridge.grant });
  },
);

export const POST = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const body = (req.body ?? {}) as { return_to?: unknown };
    if (body.return_to !== undefined && typeof body.return_to !== "string") {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "return_to: must be a string address",
        "return_to_invalid",
      );
    }
    const { result } = await startConnectWorkflow(req.scope).run({
      input: {
        return_to: body.return_to,
        language: requestLanguage(req) ?? coreLanguage(shipbridge.pluginOptions.language),
      },
    });
    res.json(result);
  },
);
