// Changes the pickup point of an order's locker shipping method, before its
// parcel is bought: the new point is checked at the service first (known,
// open, of the method's carrier), then saved in the shipping method's data,
// where the fulfilment and the batch read it. Refused once a package of the
// order exists or is being bought (a fulfilment of this plugin, a batch row
// not failed, an attempt in the ledger, a recorded shipment): checked again
// and saved under the order's lock in the ledger, which a purchase takes to
// begin. The compensation puts the old data back.

import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils";
import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk";
import type { Language } from "@shipbridge/core";
import { type GraphQuery, liveShipbridgeFulfillments, loadOrders } from "../lib/batch-orders.ts";
import { chosenPointRefusal, findPoint } from "../lib/chosen-point.ts";
import { asMedusaError } from "../lib/medusa-error.ts";
import { PluginError } from "../lib/plugin-error.ts";
import { PROVIDER_PREFIX } from "../lib/provider-id.ts";
import { SHIPBRIDGE_MODULE } from "../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../modules/shipbridge/service.ts";

export interface ChangePickupPointInput {
  readonly order_id: string;
  readonly point_id: string;
  readonly language: Language;
}

export interface PickupPointChange {
  readonly order_id: string;
  readonly shipping_method_id: string;
  readonly service: string;
  readonly point_id: string;
  readonly point_name: string;
  readonly previous_point_id: string | null;
}

type Loose = Record<string, unknown>;

const REFUSALS = {
  order_not_found: {
    type: "not_found",
    en_GB: (id: string) => `order_id: order not found (${id})`,
    pl_PL: (id: string) => `order_id: nie znaleziono zamówienia (${id})`,
  },
  no_pickup_point_method: {
    type: "invalid_data",
    en_GB: (id: string) => `order ${id} is not shipped to a pickup point by this plugin`,
    pl_PL: (id: string) => `zamówienie ${id} nie jest wysyłane do punktu odbioru przez tę wtyczkę`,
  },
  parcel_bought: {
    type: "not_allowed",
    en_GB: (id: string) =>
      `pickup_point: the parcel of order ${id} is bought already; its point can no longer change`,
    pl_PL: (id: string) =>
      `pickup_point: paczka zamówienia ${id} jest już kupiona; jej punktu nie można już zmienić`,
  },
} as const;

function refuse(code: keyof typeof REFUSALS, id: string, language: Language): never {
  const refusal = REFUSALS[code];
  throw new PluginError(code, refusal.type, refusal[language](id), {
    messages: { en_GB: refusal.en_GB(id), pl_PL: refusal.pl_PL(id) },
  });
}

/** The order's locker shipping method of this plugin, once nothing of it is bought. */
export async function pickupPointMethod(
  container: { resolve<T>(key: string): T },
  orderId: string,
  language: Language,
): Promise<{ id: string; service: string; data: Loose; changeable: boolean }> {
  const query = container.resolve<GraphQuery>(ContainerRegistrationKeys.QUERY);
  const order = (await loadOrders(query, [orderId], PROVIDER_PREFIX)).get(orderId);
  if (order === undefined) refuse("order_not_found", orderId, language);
  const group = order.groups.find((entry) => {
    const point = entry.data["point"] as Loose | undefined;
    return typeof point?.["code"] === "string";
  });
  if (group === undefined) refuse("no_pickup_point_method", orderId, language);
  const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
  const [shipments, batchRows] = await Promise.all([
    shipbridge.listShipments({ order_id: orderId }),
    shipbridge.listBatchOrders({ order_id: orderId }),
  ]);
  const bought =
    liveShipbridgeFulfillments(order, PROVIDER_PREFIX).length > 0 ||
    shipments.some((shipment) => !shipment.is_return) ||
    // A batch row not failed is buying (or bought) the parcel to the point
    // it read when it loaded the order, before it has a package id.
    batchRows.some((row) => row.state !== "failed");
  return {
    id: group.methodId,
    service: String(group.data["service"] ?? (group.data["point"] as Loose)["carrier"]),
    data: group.data,
    changeable: !bought,
  };
}

const checkNewPointStep = createStep(
  "shipbridge-check-new-pickup-point",
  async (input: ChangePickupPointInput, { container }) => {
    try {
      const method = await pickupPointMethod(container, input.order_id, input.language);
      if (!method.changeable) refuse("parcel_bought", input.order_id, input.language);
      const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
      const client = shipbridge.connection.client;
      const code = input.point_id.trim();
      const refusal = await chosenPointRefusal(
        client,
        { code, carrier: method.service },
        method.service,
        input.language,
      );
      if (refusal !== undefined) throw refusal;
      const point = await findPoint(client, code);
      return new StepResponse({
        order_id: input.order_id,
        language: input.language,
        method,
        point: point ?? { code, name: code, address: null },
      });
    } catch (error) {
      // Leaves the workflow as Medusa's own error type: a 4xx with the code, in the language.
      throw asMedusaError(error, input.language);
    }
  },
);

interface SaveInput {
  readonly order_id: string;
  readonly language: Language;
  readonly method: { id: string; service: string; data: Loose };
  readonly point: { code: string; name?: string | null; address?: unknown };
}

const savePointStep = createStep(
  "shipbridge-save-pickup-point",
  async ({ order_id, language, method, point }: SaveInput, { container }) => {
    const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const orders = container.resolve(Modules.ORDER);
    try {
      // Checked again and saved under the order's lock in the ledger, the
      // one a purchase (a batch's, a fulfilment's) takes to begin: no
      // parcel starts being bought to the old point between the two.
      await shipbridge.connection.ledger.underOrderLock(
        shipbridge.pluginOptions.storeId,
        order_id,
        async (attempted) => {
          const now = await pickupPointMethod(container, order_id, language);
          if (attempted || !now.changeable || now.id !== method.id) {
            refuse("parcel_bought", order_id, language);
          }
          await orders.updateOrderShippingMethods({
            id: method.id,
            data: {
              ...now.data,
              point_id: point.code,
              point: { code: point.code, carrier: method.service },
              point_name: point.name ?? point.code,
              point_address: point.address ?? null,
            },
          });
        },
      );
    } catch (error) {
      throw asMedusaError(error, language);
    }
    return new StepResponse(undefined, { id: method.id, data: method.data });
  },
  async (previous, { container }) => {
    if (previous === undefined) return;
    const orders = container.resolve(Modules.ORDER);
    await orders.updateOrderShippingMethods({ id: previous.id, data: previous.data });
  },
);

export const changePickupPointWorkflow = createWorkflow(
  "shipbridge-change-pickup-point",
  (input: ChangePickupPointInput) => {
    const checked = checkNewPointStep(input);
    savePointStep(checked);
    return new WorkflowResponse(checked);
  },
);
