// GET /admin/shipbridge/reckoning?date=YYYY-MM-DD (or ?from=&to=): every
// package this store paid for in the range beside its Medusa order, with
// what looks wrong flagged (no order, a second package, a cancelled order
// still paid), each flag's remedy (send it to the remedy route), and the
// totals paid.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { ContainerRegistrationKeys } from "@medusajs/framework/utils";
import type { GraphQuery } from "../../../../lib/batch-orders.ts";
import { parseReckoningQuery } from "../../../../lib/day-requests.ts";
import { coreLanguage } from "../../../../lib/language.ts";
import { answeringErrors, requestLanguage } from "../../../../lib/route-errors.ts";
import { storeReckoning } from "../../../../lib/store-reckoning.ts";
import { SHIPBRIDGE_MODULE } from "../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../modules/shipbridge/service.ts";

export const GET = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const language = requestLanguage(req) ?? coreLanguage(shipbridge.pluginOptions.language);
    const range = parseReckoningQuery(req.query as Record<string, unknown>, language);
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery;
    res.json({
      reckoning: await storeReckoning(shipbridge, query, range, language),
      remedy_path: "/admin/shipbridge/reckoning/remedy",
    });
  },
);
