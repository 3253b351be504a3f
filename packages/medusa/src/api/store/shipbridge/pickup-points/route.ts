// GET /store/shipbridge/pickup-points?service=inpost&postcode=80-831[&city=&country_code=&limit=]
// or ?service=inpost&cart_id=...: open pickup points of a carrier near an
// address or a cart's shipping address, for a checkout map; `&code=GDA01M`
// looks one point up by its code (what a shopper typed), wherever it is.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils";
import type { Language } from "@shipbridge/core";
import { coreLanguage } from "../../../../lib/language.ts";
import { refusalMessage } from "../../../../lib/refusal-messages.ts";
import { answeringErrors, requestLanguage } from "../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../modules/shipbridge/service.ts";

function param(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

export const GET = answeringErrors(pickupPoints);

/** The request's language, else the plugin's. */
function languageOf(req: MedusaRequest, shipbridge: ShipbridgeModuleService): Language {
  return requestLanguage(req) ?? coreLanguage(shipbridge.pluginOptions.language);
}

async function pickupPoints(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
  const service = param(req.query["service"]);
  if (service === undefined) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      refusalMessage("service_required", languageOf(req, shipbridge), {}),
      "service_required",
    );
  }
  let postcode = param(req.query["postcode"]);
  let city = param(req.query["city"]);
  let countryCode = param(req.query["country_code"]);
  const cartId = param(req.query["cart_id"]);
  if (cartId !== undefined && postcode === undefined && city === undefined) {
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY);
    const { data } = await query.graph({
      entity: "cart",
      fields: ["id", "shipping_address.*"],
      filters: { id: cartId },
    });
    const cart = data[0] as { shipping_address?: Record<string, unknown> | null } | undefined;
    if (cart === undefined) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        refusalMessage("cart_not_found", languageOf(req, shipbridge), { reason: cartId }),
        "cart_not_found",
      );
    }
    const address = cart.shipping_address;
    postcode = param(address?.["postal_code"]);
    city = param(address?.["city"]);
    countryCode = param(address?.["country_code"]);
  }
  const limit = Number(param(req.query["limit"]) ?? 20);
  const points = await shipbridge.pickupPoints({
    service,
    postcode,
    city,
    country_code: countryCode,
    point_id: param(req.query["code"]),
    limit: Number.isFinite(limit) ? limit : 20,
    language: languageOf(req, shipbridge),
  });
  res.json({ points });
}
