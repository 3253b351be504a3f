// Tracking: GET /packages/{id}/tracking (v1: the first parcel's events as
// `{ tracking: [...] }`; v2: an array with every parcel's number and events),
// oldest event first, as the sandbox clock has moved them
// (tracking-timeline.ts). A package that is not ordered yet has no events.
// POST /packages/add-to-tracking recognises a carrier's parcel number and
// answers 200 with the carrier and the package type.
import type { Language } from "@shipbridge/core";
import { AddToTrackingRequestSchema } from "@shipbridge/core/schemas";
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { isoSeconds } from "../../support/datetime.ts";
import { accountServices } from "../account/account-services.ts";
import { isCarrier } from "../carriers/carriers.ts";
import { type Guard, V1, V1_V2 } from "../http/guard.ts";
import { readJsonObject } from "../http/json-body.ts";
import { requireUserAccount } from "../http/request-account.ts";
import { ruleEntry } from "../http/rule-message.ts";
import { validated, validationError } from "../http/validated-input.ts";
import { PackageStore, packageNotFound, type StoredPackage } from "../storage/stored-package.ts";
import { carrierOfNumber } from "./tracking-numbers.ts";
import { describeEvent, parcelEvents } from "./tracking-timeline.ts";

function events(pkg: StoredPackage, parcelIndex: number, now: number, language: Language) {
  return parcelEvents(pkg, parcelIndex, now).map((e) => ({
    state: e.state,
    status: describeEvent(e, language),
    datetime: isoSeconds(e.at),
    branch: e.branch,
  }));
}

export function trackingRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const packages = new PackageStore(ctx.db);

  app.get("/packages/:id{[0-9]+}/tracking", guard(V1_V2), (c) => {
    const account = requireUserAccount(c, ctx);
    const language = c.get("language");
    const id = Number(c.req.param("id"));
    const pkg = packages.find(account.key, id);
    if (!pkg) throw packageNotFound(c.req.param("id"));
    const now = ctx.clock.nowMs();
    if (c.get("apiVersion") === 1) return c.json({ tracking: events(pkg, 0, now, language) }, 200);
    return c.json(
      pkg.data.parcels.map((_, index) => ({
        package_no: pkg.parcelNumbers[index] ?? null,
        tracking: events(pkg, index, now, language),
      })),
      200,
    );
  });

  app.post("/packages/add-to-tracking", guard({ ...V1, body: true }), async (c) => {
    const account = requireUserAccount(c, ctx);
    const language = c.get("language");
    const body = validated(AddToTrackingRequestSchema, await readJsonObject(c), language);
    const packageNo = body.package_no.trim().toUpperCase();
    const recognised = carrierOfNumber(packageNo);
    const service = body.service ?? recognised;
    if (service === undefined || !isCarrier(service)) {
      throw validationError([
        ruleEntry(
          body.service === undefined ? "package_no" : "service",
          "carrier_unknown",
          {},
          language,
        ),
      ]);
    }
    if (recognised !== undefined && recognised !== service) {
      throw validationError([
        ruleEntry(
          "package_no",
          "carrier_mismatch",
          { number: packageNo, carrier: recognised, service },
          language,
        ),
      ]);
    }
    const own = packages.findByNumber(packageNo);
    const mine = own?.account === account.key ? own : undefined;
    const type = mine?.data.parcels[0]?.type ?? "package";
    ctx.db.sql
      .prepare(
        "INSERT OR IGNORE INTO rest_external_tracking (account, package_no, service, type, created_at) VALUES (?, ?, ?, ?, ?)",
      )
      .run(account.key, packageNo, service, type, ctx.clock.nowMs());
    const serviceId = accountServices(account.key).find(
      (s) => s.service === service && s.service_contract === "furgonetka",
    )?.id;
    return c.json(
      {
        service,
        service_id: serviceId ?? null,
        type,
        package_id: mine?.id ?? null,
        package_no: packageNo,
      },
      200,
    );
  });

  return app;
}
