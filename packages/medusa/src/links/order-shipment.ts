// Links an order to the plugin's shipments of it: its parcels and the
// parcels of its returns.
import { defineLink } from "@medusajs/framework/utils";
import OrderModule from "@medusajs/medusa/order";
import ShipbridgeModule from "../modules/shipbridge/index.ts";

export default defineLink(OrderModule.linkable.order, {
  linkable: ShipbridgeModule.linkable.shipbridgeShipment,
  isList: true,
});
