// The plugin's own module: shipment state shared by the provider's
// fulfillments, the API routes, the tracking webhook and the reconcile job
// (routes and jobs cannot resolve a fulfillment provider).
import { Module } from "@medusajs/framework/utils";
import { ShipbridgeModuleService } from "./service.ts";

export const SHIPBRIDGE_MODULE = "shipbridge";

export default Module(SHIPBRIDGE_MODULE, { service: ShipbridgeModuleService });
