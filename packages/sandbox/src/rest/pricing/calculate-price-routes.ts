// POST /packages/calculate-price: quotes one package with several carriers.
// The request is checked by @shipbridge/core's validateCalculatePrice. The
// first quote of a package the account has not quoted before (identified by
// a SHA-256 hash of its normalized content and the carriers asked for)
// answers `calculation_pending_in_background: true` with no prices, as the
// service does while it computes in the background; asking again gives the
// prices. Prices follow the sandbox's tariff (price-quote.ts); v2 adds
// `adjusted_price` (null) to each pricing. The removed `access` field is never
// sent. A carrier that cannot quote says why in its `errors`, with core's rule
// codes and messages: carrier_unknown at services.service[i] for a carrier
// the sandbox does not know, and the carrier's limits (price-quote.ts).
import { type Language, validateCalculatePrice } from "@shipbridge/core";
import { packageV1ToV2 } from "@shipbridge/core/schemas";
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { canonicalJson, sha256Hex } from "../../support/hashing.ts";
import { accountServices } from "../account/account-services.ts";
import { CARRIER_OFFERS, CARRIERS, isCarrier } from "../carriers/carriers.ts";
import { type Guard, V1_V2 } from "../http/guard.ts";
import { readJsonObject } from "../http/json-body.ts";
import type { ApiVersion } from "../http/negotiation.ts";
import { resolveAccount } from "../http/request-account.ts";
import { ruleEntry } from "../http/rule-message.ts";
import { validationError } from "../http/validated-input.ts";
import { ALLOWED_COUNTRIES } from "../reference/allowed-countries.ts";
import type { PackageData } from "../storage/stored-package.ts";
import { pricingOut } from "./package-price.ts";
import { quote } from "./price-quote.ts";

interface QuoteRequest {
  readonly package: PackageData;
  readonly services: { readonly service: readonly string[] };
}

function servicePrices(
  request: QuoteRequest,
  version: ApiVersion,
  language: Language,
  serviceIds: ReadonlyMap<string, number>,
): Record<string, unknown>[] {
  const prices = request.services.service.map((name, index) => {
    if (!isCarrier(name)) {
      return {
        service: name,
        service_id: null,
        available: false,
        errors: [
          ruleEntry(
            `services.service[${index}]`,
            "carrier_unknown",
            { carrier: name, allowed: CARRIERS.join(", ") },
            language,
          ),
        ],
        pricing: null,
        lowest_price: false,
        courier_details: null,
        gross: Number.POSITIVE_INFINITY,
      };
    }
    const q = quote(name, request.package, language);
    return {
      service: name,
      service_id: serviceIds.get(name) ?? null,
      available: q.available,
      errors: q.errors,
      pricing: q.available ? pricingOut(q, version) : null,
      lowest_price: false,
      courier_details: { avg_delivery_time: CARRIER_OFFERS[name].avgDeliveryDays },
      gross: q.available ? q.gross : Number.POSITIVE_INFINITY,
    };
  });
  const lowest = Math.min(...prices.map((p) => p.gross));
  return prices.map(({ gross, ...entry }) => ({
    ...entry,
    lowest_price: Number.isFinite(gross) && gross === lowest,
  }));
}

export function calculatePriceRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.post("/packages/calculate-price", guard({ ...V1_V2, body: true }), async (c) => {
    const account = resolveAccount(c, ctx);
    const version = c.get("apiVersion");
    const language = c.get("language");
    const services = account.username === null ? [] : accountServices(account.key);
    const body = await readJsonObject(c);
    const result = validateCalculatePrice(body, {
      version,
      language,
      countries: ALLOWED_COUNTRIES,
    });
    if (!result.ok) throw validationError(result.error.issues);
    const value = result.value as { package: unknown; services: { service: string[] } };
    const request: QuoteRequest = {
      package: (version === 1
        ? packageV1ToV2(value.package as Parameters<typeof packageV1ToV2>[0])
        : value.package) as unknown as PackageData,
      services: value.services,
    };
    const hash = sha256Hex(canonicalJson(request));
    const firstTime = ctx.db.transaction(() => {
      const seen = ctx.db.sql
        .prepare("SELECT 1 FROM rest_price_calculations WHERE account = ? AND content_hash = ?")
        .get(account.key, hash);
      if (seen) return false;
      ctx.db.sql
        .prepare(
          "INSERT INTO rest_price_calculations (account, content_hash, created_at) VALUES (?, ?, ?)",
        )
        .run(account.key, hash, ctx.clock.nowMs());
      return true;
    });
    if (firstTime) {
      return c.json(
        { services_prices: [], calculation_pending_in_background: true, warnings: result.warnings },
        200,
      );
    }
    const serviceIds = new Map(
      services.filter((s) => s.service_contract === "furgonetka").map((s) => [s.service, s.id]),
    );
    return c.json(
      {
        services_prices: servicePrices(request, version, language, serviceIds),
        calculation_pending_in_background: false,
        warnings: result.warnings,
      },
      200,
    );
  });

  return app;
}
