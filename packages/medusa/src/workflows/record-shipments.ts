// Records the shipments of an order's fulfillments that the plugin's provider
// shipped (its parcels and its returns'), from what the provider returned,
// read back through the fulfillments; links each new row (and a row kept
// before the links existed) to its fulfillment, its order and its return.
// Safe to run again and from several instances: a shipment kept and linked
// is left as it is. A row is never removed, not even when a later step
// fails: it records a parcel already bought, and tracking pushes and the
// reconcile job find the parcel by it; the link step dismisses its own links,
// and the next run links the row kept before them.
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
    const shipped = await orderFulfillments(query, input.order_id);
    const ids = shipped.map((entry) => entry.fulfillment.id);
    // Rows kept already, and those of them linked (rows kept before the
    // links existed are linked now).
    const rows = ids.length === 0 ? [] : await shipbridge.listShipments({ fulfillment_id: ids });
    const rowOf = new Map(rows.map((row) => [row.fulfillment_id, row.id]));
    const { data: linkedData } =
      ids.length === 0
        ? { data: [] }
        : await query.graph({
            entity: "fulfillment",
            fields: ["id", "shipbridge_shipment.id"],
            filters: { id: ids },
          });
    const linked = new Set(
      (linkedData as { id: string; shipbridge_shipment?: { id?: string } | null }[])
        .filter((entry) => typeof entry.shipbridge_shipment?.id === "string")
        .map((entry) => entry.id),
    );
    const recorded: RecordedShipment[] = [];
    for (const entry of shipped) {
      const fulfillmentId = entry.fulfillment.id;
      let id = rowOf.get(fulfillmentId);
      if (id === undefined) {
        id = await shipbridge.recordShipment({
          fulfillment: entry.fulfillment,
          order_id: entry.order_id,
          is_return: entry.kind === "return",
        });
        // Undefined: another run kept it at the same moment. Linked here too
        // (making a link that exists changes nothing), so a failure of that
        // run's links cannot leave the row unlinked.
        id ??= (await shipbridge.listShipments({ fulfillment_id: fulfillmentId }))[0]?.id;
        if (id === undefined) continue;
      } else if (linked.has(fulfillmentId)) {
        continue;
      }
      recorded.push({
        shipment_id: id,
        fulfillment_id: fulfillmentId,
        order_id: entry.order_id,
        return_id: entry.return_id,
      });
    }
    return new StepResponse(recorded);
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
