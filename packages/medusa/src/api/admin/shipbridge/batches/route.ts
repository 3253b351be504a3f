// POST /admin/shipbridge/batches `{ key, order_ids | all_waiting, location_id? }`:
// starts one shipping-day batch per key (a double click answers the same
// batch; the same key asking for something else is a 409) from a stock
// location Medusa has, and runs it in the background; 202 with the batch.
// GET: the latest batches, newest first.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils";
import { type GraphQuery, waitingOrderIds } from "../../../../lib/batch-orders.ts";
import {
  BATCH_KEY_REUSED,
  batchKeyReused,
  locationNotFound,
  parseBatchRequest,
  sameBatchRequest,
} from "../../../../lib/batch-request.ts";
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
    const answer = async (id: string, created: boolean) => {
      const batch = await shipbridge.batchOf(id, language);
      const orders = await shipbridge.listBatchOrders({ batch_id: id });
      res.status(created ? 202 : 200).json({ batch: batchView(batch, orders, language) });
    };
    try {
      // The key first: sent again (a double click, a retry), it answers its
      // batch, whatever waits now; asking for something else is a conflict.
      const started = await shipbridge.batchOfKey(request.key);
      if (started !== undefined) {
        if (!sameBatchRequest(started, request)) throw batchKeyReused(started.id, language);
        return await answer(started.id, false);
      }
      const query = req.scope.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery;
      // A location Medusa does not have would fail every fulfilment after every package was paid.
      if (request.location_id !== undefined) {
        const { data } = await query.graph({
          entity: "stock_location",
          fields: ["id"],
          filters: { id: request.location_id },
        });
        if (data.length === 0) throw locationNotFound(request.location_id, language);
      }
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
      await answer(result.id, result.created);
    } catch (error) {
      // Medusa answers its own conflict type with a fixed text and code: this one keeps its own.
      if ((error as { code?: unknown }).code === BATCH_KEY_REUSED) {
        res.status(409).json({
          type: "conflict",
          code: BATCH_KEY_REUSED,
          message: String((error as { message?: unknown }).message),
        });
        return;
      }
      throw error;
    }
  },
);

export const GET = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const batches = await shipbridge.listBatches({}, { take: 50, order: { created_at: "DESC" } });
    res.json({ batches: batches.map((batch) => batchSummary(batch)) });
  },
);
