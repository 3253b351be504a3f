// Links each of the plugin's shipments to the Medusa fulfillment it was
// shipped for (one shipment per fulfillment, outbound or return).
import { defineLink } from "@medusajs/framework/utils";
import FulfillmentModule from "@medusajs/medusa/fulfillment";
import ShipbridgeModule from "../modules/shipbridge/index.ts";

export default defineLink(
  ShipbridgeModule.linkable.shipbridgeShipment,
  FulfillmentModule.linkable.fulfillment,
);
