// One shipping-day batch: the orders an admin sent at once (one row per
// `key` the admin's page sends, so a double click starts one batch), how far
// its background run got, and the lease of the process running it (a batch
// whose process died is taken up again by the resume job).
import { model } from "@medusajs/framework/utils";

export const Batch = model.define("shipbridge_batch", {
  id: model.id({ prefix: "sbbat" }).primaryKey(),
  /** The admin's idempotency key: the same key starts the same batch. */
  key: model.text().unique(),
  /** queued, running, done. */
  state: model.text(),
  /** buying (the packages), fulfilling (Medusa's fulfillments), done. */
  phase: model.text(),
  /** Where the fulfillments ship from; the shipping option's location when null. */
  location_id: model.text().nullable(),
  /** Asked for "all waiting" (not a list of orders). */
  all_waiting: model.boolean().default(false),
  total: model.number(),
  /** Orders whose package exists, is ordered (paid), has its label. */
  created: model.number().default(0),
  ordered: model.number().default(0),
  labelled: model.number().default(0),
  /** Orders with their fulfillment in Medusa. */
  fulfilled: model.number().default(0),
  /** Orders that will not ship in this batch. */
  failed: model.number().default(0),
  /** The estimate of the time left when `progress_at` was written, in ms. */
  remaining_ms: model.number().nullable(),
  progress_at: model.dateTime().nullable(),
  /** Which process runs it, and until when its lease holds. */
  runner: model.text().nullable(),
  lease_until: model.dateTime().nullable(),
  /** How many runs took it (a resumed batch has more than one). */
  runs: model.number().default(0),
  finished_at: model.dateTime().nullable(),
  /** The courier pickups booked for the batch: `[{ command_id, service, ... }]`. */
  pickups: model.json().nullable(),
});
