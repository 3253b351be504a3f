// shipBatch: many store orders shipped as one unit of work, with shipOrder's
// guarantees per order. Its options, progress and result types.
export { shipBatch } from "./ship-batch.ts";
export type {
  BatchFailure,
  BatchProgress,
  BatchShipment,
  ShipBatchOptions,
  ShipBatchResult,
} from "./ship-batch-types.ts";
