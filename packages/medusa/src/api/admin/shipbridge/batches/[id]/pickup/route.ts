// GET /admin/shipbridge/batches/:id/pickup: when a courier can come for the
// batch's parcels, per carrier (lockers and points need none: listed as
// such), and the couriers booked. POST `{ service, date, min_time, max_time }`:
// books that carrier's courier for the chosen slot, once however often it is
// asked.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { type BatchPickup, batchPickupProposals } from "../../../../../../lib/batch-day.ts";
import { parsePickupRequest } from "../../../../../../lib/day-requests.ts";
import { coreLanguage } from "../../../../../../lib/language.ts";
import { answeringErrors, requestLanguage } from "../../../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../../../modules/shipbridge/service.ts";
import { bookBatchPickupWorkflow } from "../../../../../../workflows/batch-pickup.ts";

export const GET = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const language = requestLanguage(req) ?? coreLanguage(shipbridge.pluginOptions.language);
    const id = req.params["id"] as string;
    const proposals = await batchPickupProposals(shipbridge, id, language);
    const batch = await shipbridge.batchOf(id, language);
    const exclusion = (entry: (typeof proposals.unavailable)[number]) => ({
      package_id: entry.packageId,
      service: entry.service,
      rule: entry.rule,
      reason: entry.reason,
    });
    res.json({
      carriers: proposals.carriers.map((carrier) => ({
        service: carrier.service,
        package_ids: carrier.packageIds,
        dates: carrier.dates,
      })),
      no_pickup_needed: proposals.noPickupNeeded.map(exclusion),
      unavailable: proposals.unavailable.map(exclusion),
      booked: (Array.isArray(batch.pickups) ? batch.pickups : []) as BatchPickup[],
    });
  },
);

export const POST = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const language = requestLanguage(req) ?? coreLanguage(shipbridge.pluginOptions.language);
    const { service, window } = parsePickupRequest(req.body, language);
    const { result: booked } = await bookBatchPickupWorkflow(req.scope).run({
      input: { batch_id: req.params["id"] as string, service, window, language },
    });
    res.json({ pickups: booked });
  },
);
