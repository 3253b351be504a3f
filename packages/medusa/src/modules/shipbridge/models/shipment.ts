// One shipped fulfillment, as the routes, the job and the webhook share it:
// the service's package and order command, the tracking, the label, the price.
import { model } from "@medusajs/framework/utils";

export const Shipment = model.define("shipbridge_shipment", {
  id: model.id({ prefix: "sbship" }).primaryKey(),
  fulfillment_id: model.text().unique(),
  order_id: model.text().nullable(),
  /** The service's package id. */
  package_id: model.number().unique(),
  command_id: model.text(),
  service: model.text(),
  /** The pickup point's code, when shipped to one. */
  point_id: model.text().nullable(),
  tracking_number: model.text().nullable(),
  tracking_url: model.text().nullable(),
  /** The last tracking state known (the service's names: in-transit, delivered...). */
  tracking_state: model.text().nullable(),
  tracking_at: model.text().nullable(),
  is_return: model.boolean().default(false),
  /** What the package cost, `{ amount, currency }`, when the service said. */
  price: model.json().nullable(),
});
