// GET /admin/shipbridge/orders/:id/pickup-point: the order's pickup point
// (its locker shipping method's), whether it can still change (nothing of
// it bought yet) and the open points of its carrier near the order's
// address. POST `{ point_id }`: changes it, once the service confirms the
// new point takes the parcel (the change-pickup-point workflow).
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils";
import { coreLanguage } from "../../../../../../lib/language.ts";
import { answeringErrors, requestLanguage } from "../../../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../../../modules/shipbridge/service.ts";
import {
  changePickupPointWorkflow,
  pickupPointMethod,
} from "../../../../../../workflows/change-pickup-point.ts";

type Loose = Record<string, unknown>;

function languageOf(req: MedusaRequest) {
  const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
  return requestLanguage(req) ?? coreLanguage(shipbridge.pluginOptions.language);
}

function pointView(methodId: string, service: string, data: Loose) {
  const point = (data["point"] ?? {}) as Loose;
  return {
    shipping_method_id: methodId,
    service,
    code: String(point["code"] ?? data["point_id"] ?? ""),
    name: typeof data["point_name"] === "string" ? data["point_name"] : null,
    address: data["point_address"] ?? null,
  };
}

export const GET = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const language = languageOf(req);
    const orderId = req.params["id"] as string;
    const method = await pickupPointMethod(req.scope, orderId, language);
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY);
    const { data } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "shipping_address.postal_code",
        "shipping_address.city",
        "shipping_address.country_code",
      ],
      filters: { id: orderId },
    });
    const address = ((data[0] as Loose | undefined)?.["shipping_address"] ?? {}) as Loose;
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const text = (value: unknown) =>
      typeof value === "string" && value !== "" ? value : undefined;
    const points = method.changeable
      ? await shipbridge
          .pickupPoints({
            service: method.service,
            postcode: text(address["postal_code"]),
            city: text(address["city"]),
            country_code: text(address["country_code"]),
            limit: 10,
            language,
          })
          .catch(() => [])
      : [];
    res.json({
      point: pointView(method.id, method.service, method.data),
      changeable: method.changeable,
      points: points.map((point) => ({
        code: point.code,
        name: point.name ?? point.code,
        address: point.address ?? null,
        coordinates: point.coordinates ?? null,
      })),
    });
  },
);

export const POST = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const language = languageOf(req);
    const body = (req.body ?? {}) as Loose;
    const pointId = typeof body["point_id"] === "string" ? body["point_id"].trim() : "";
    if (pointId === "") {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        language === "pl_PL"
          ? "point_id: podaj kod punktu odbioru"
          : "point_id: give the pickup point's code",
        "point_required",
      );
    }
    const orderId = req.params["id"] as string;
    await changePickupPointWorkflow(req.scope).run({
      input: { order_id: orderId, point_id: pointId, language },
    });
    const method = await pickupPointMethod(req.scope, orderId, language);
    res.json({
      point: pointView(method.id, method.service, method.data),
      changeable: method.changeable,
    });
  },
);
