// One tracking event of a package, kept once: a push replayed, or the same
// event seen again by the reconcile job, finds its row and changes nothing.
import { model } from "@medusajs/framework/utils";

export const TrackingEvent = model
  .define("shipbridge_tracking_event", {
    id: model.id({ prefix: "sbtrk" }).primaryKey(),
    package_id: model.number(),
    state: model.text(),
    datetime: model.text(),
    description: model.text().nullable(),
    /** "push" (the webhook) or "poll" (the reconcile job). */
    source: model.text(),
  })
  .indexes([{ on: ["package_id", "state", "datetime"], unique: true }]);
