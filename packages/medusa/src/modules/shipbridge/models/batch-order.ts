// One shipment of a batch: an order's items of one of this plugin's shipping
// methods (an order with two such methods, one per shipping profile, has a
// row for each), its shipment name, package and fulfillment once it
// has them, or why it did not ship (a code, the message in English and
// Polish, the field problems in each language, and whether running the batch
// again may ship it).
import { model } from "@medusajs/framework/utils";

export const BatchOrder = model
  .define("shipbridge_batch_order", {
    id: model.id({ prefix: "sbbor" }).primaryKey(),
    batch_id: model.text(),
    order_id: model.text(),
    /** The order's shipping method of this plugin the row ships; null until the run has looked. */
    shipping_method_id: model.text().nullable(),
    /** Where it is in the batch: waiting, bought, fulfilled, failed. */
    state: model.text(),
    /** The shipment's name at the service (its reference is `storeId:key`). */
    shipment_key: model.text().nullable(),
    package_id: model.number().nullable(),
    service: model.text().nullable(),
    fulfillment_id: model.text().nullable(),
    /** "batch", or "elsewhere" when another fulfillment (an admin's by hand) took the package. */
    fulfilled_by: model.text().nullable(),
    code: model.text().nullable(),
    /** `{ en_GB, pl_PL }`: why it did not ship. */
    messages: model.json().nullable(),
    /** `{ en_GB: [{ path, rule, message }], pl_PL: [...] }`: the order's field problems. */
    issues: model.json().nullable(),
    retryable: model.boolean().default(false),
  })
  .indexes([{ on: ["batch_id", "order_id", "shipping_method_id"], unique: true }]);
