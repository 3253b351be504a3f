// Records the shipments of an order's fulfillments that the plugin's provider
// shipped (its parcels and its returns'), from what the provider returned,
// read back through the fulfillments; links each new row to its fulfillment,
// its order and its return. Safe to run again and from several instances:
// a shipment already kept is left as it is. Compensation removes the rows
// this run made.
import type { LinkDefinition } from "@medusajs/framework/types";
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils";
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk";
import { createRemoteLinkStep } from "@medusajs/medusa/core-flows";
import { type GraphQuery, orderFulfillments } from "../lib/order-fulfillments.ts";
import { SHIPBRIDGE_MODULE } from "../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../modules/shipbridge/service.ts";

export interface RecordShipmentsInput {
  readonly order_id: string;
}

export interface RecordedShipment {
  readonly shipment_id: string;
  readonly fulfillment_id: string;
  readonly order_id: string;
  readonly return_id?: string | undefined;
}

const recordShipmentsStep = createStep(
  "shipbridge-record-shipment-rows",
  async (input: RecordShipmentsInput, { container }) => {
    const query = container.resolve<GraphQuery>(ContainerRegistrationKeys.QUERY);
    const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const recorded: RecordedShipment[] = [];
    for (const shipped of await orderFulfillments(query, input.order_id)) {
      const id = await shipbridge.recordShipment({
        fulfillment: shipped.fulfillment,
        order_id: shipped.order_id,
        is_return: shipped.kind === "return",
      });
      if (id === undefined) continue;
      recorded.push({
        shipment_id: id,
        fulfillment_id: shipped.fulfillment.id,
        order_id: shipped.order_id,
        return_id: shipped.return_id,
      });
    }
    return new StepResponse(
      recorded,
      recorded.map((row) => row.shipment_id),
    );
  },
  async (ids, { container }) => {
    if (ids === undefined || ids.length === 0) return;
    await container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE).deleteShipments(ids);
  },
);

export const recordShipmentsWorkflow = createWorkflow(
  "shipbridge-record-shipments",
  (input: RecordShipmentsInput) => {
    const recorded = recordShipmentsStep(input);
    const links = transform({ recorded }, ({ recorded }): LinkDefinition[] =>
      recorded.flatMap((row): LinkDefinition[] => [
        {
          [SHIPBRIDGE_MODULE]: { shipbridge_shipment_id: row.shipment_id },
          [Modules.FULFILLMENT]: { fulfillment_id: row.fulfillment_id },
        },
        {
          [Modules.ORDER]: { order_id: row.order_id },
          [SHIPBRIDGE_MODULE]: { shipbridge_shipment_id: row.shipment_id },
        },
        ...(row.return_id === undefined
          ? []
          : [
              {
                [Modules.ORDER]: { return_id: row.return_id },
                [SHIPBRIDGE_MODULE]: { shipbridge_shipment_id: row.shipment_id },
              },
            ]),
      ]),
    );
    createRemoteLinkStep(links);
    return new WorkflowResponse(recorded);
  },
);
