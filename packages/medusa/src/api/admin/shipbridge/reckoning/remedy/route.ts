// POST /admin/shipbridge/reckoning/remedy: runs the remedy a reckoning row
// offered (`{ action: "cancel_package", packageId, reason }`, as the row
// gave it) once its flag still holds for this store's package: the package
// is cancelled and its price refunded. Applying it twice cancels once.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { parseRemedy } from "../../../../../lib/day-requests.ts";
import { coreLanguage } from "../../../../../lib/language.ts";
import { answeringErrors, requestLanguage } from "../../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../../modules/shipbridge/service.ts";
import { applyRemedyWorkflow } from "../../../../../workflows/apply-remedy.ts";

export const POST = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const language = requestLanguage(req) ?? coreLanguage(shipbridge.pluginOptions.language);
    const remedy = parseRemedy(req.body, language);
    const { result } = await applyRemedyWorkflow(req.scope).run({ input: { remedy, language } });
    res.json({ result });
  },
);
