// The provider's entry, as Medusa loads it: `resolve:
// "@shipbridge/medusa/providers/shipbridge"` in the fulfillment module's providers.
import { ModuleProvider, Modules } from "@medusajs/framework/utils";
import { ShipbridgeFulfillmentService } from "./service.ts";

export default ModuleProvider(Modules.FULFILLMENT, {
  services: [ShipbridgeFulfillmentService],
});
