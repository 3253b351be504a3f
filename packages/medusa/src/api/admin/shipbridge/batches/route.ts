// POST /admin/shipbridge/batches `{ key, order_ids | all_waiting, location_id? }`:
// starts one shipping-day batch per key (a double click answers the same
// batch) and runs it in the background; 202 with the batch. GET: the latest
// batches, newest first.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils";
import { type GraphQuery, waitingOrderIds } from "../../../../lib/batch-orders.ts";
import { parseBatchRequest } from "../../../../lib/batch-request.ts";
import { batchSummary, batchView } from "../../../../lib/batch-view.ts";
import { coreLanguage } from "../../../../lib/language.ts";
import { PROVIDER_PREFIX } from "../../../../lib/provider-id.ts";
import { answeringErrors, requestLanguage } from "../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../modules/shipbridge/service.ts";
import { startBatchWorkflow } from "../../../../workflows/start-batch.ts";

export const POST = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const language = requestLanguage(req) ?? coreLanguage(shipbridge.pluginOptions.language);
    const request = parseBatchRequest(req.body, language);
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery;
    const orderIds = request.order_ids ?? (await waitingOrderIds(query, PROVIDER_PREFIX));
    if (orderIds.length === 0) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        language === "pl_PL"
          ? "all_waiting: żadne zamówienie nie czeka na paczkę"
          : "all_waiting: no order is waiting for a parcel",
        "nothing_waiting",
      );
    }
    const { result } = await startBatchWorkflow(req.scope).run({
      input: {
        key: request.key,
        order_ids: orderIds,
        location_id: request.location_id,
        all_waiting: request.order_ids === undefined,
      },
    });
    const batch = await shipbridge.batchOf(result.id, language);
    const orders = await shipbridge.listBatchOrders({ batch_id: result.id });
    res.status(result.created ? 202 : 200).json({ batch: batchView(batch, orders, language) });
  },
);

export const GET = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const batches = await shipbridge.listBatches({}, { take: 50, order: { created_at: "DESC" } });
    res.json({ batches: batches.map((batch) => batchSummary(batch)) });
  },
);
