// Links a return to the plugin's shipment of its parcel (from the customer
// back to the store).
import { defineLink } from "@medusajs/framework/utils";
import OrderModule from "@medusajs/medusa/order";
import ShipbridgeModule from "../modules/shipbridge/index.ts";

export default defineLink(OrderModule.linkable.return, {
  linkable: ShipbridgeModule.linkable.shipbridgeShipment,
  isList: true,
});
