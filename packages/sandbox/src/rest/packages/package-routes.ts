// The package resources: create (POST /packages), edit (PUT /packages/{id},
// 409 once ordered), validate (POST /packages/validate: 204, or 200 with
// warnings, or 400), details (GET /packages/{id}) and the list
// (GET /packages?user_reference_number=...), in both API versions. Writes
// happen in one transaction; the answer of POST and PUT is the package
// details plus `warnings` (possibly empty). A package to a point that is
// unknown, closed, on holiday or of another carrier is refused with a 400 at
// the point's path (points/point-availability.ts).

import type { PackageOperation } from "@shipbridge/core/internal";
import { PackageListQuerySchema } from "@shipbridge/core/schemas";
import { type Context, Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { accountServices } from "../account/account-services.ts";
import { type Guard, V1_V2 } from "../http/guard.ts";
import { readJsonObject } from "../http/json-body.ts";
import { requireUserAccount } from "../http/request-account.ts";
import { RestError } from "../http/rest-error.ts";
import { validated } from "../http/validated-input.ts";
import { pointProblems } from "../points/point-availability.ts";
import { queryInput } from "../reference/query-input.ts";
import { packageDetails } from "./package-details.ts";
import { type CheckedPackage, checkPackage, packageNotFound } from "./package-input.ts";
import { PackageStore } from "./stored-package.ts";

const DEFAULT_PAGE_SIZE = 50;

/** The carrier service a checked package is stored with. */
function storedService({ service }: CheckedPackage) {
  return {
    service: service.service,
    serviceId: service.id,
    serviceContract: service.service_contract,
  };
}

export function packageRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const store = new PackageStore(ctx.db);
  const detailsContext = (c: { get(key: "language"): SandboxEnv["Variables"]["language"] }) => ({
    now: ctx.clock.nowMs(),
    baseUrl: ctx.baseUrl,
    accountUrl: ctx.accountUrl,
    language: c.get("language"),
  });
  /** The request's package, checked by core with the request's version, language and account. */
  const checkedBody = async (
    c: Context<SandboxEnv>,
    accountKey: string,
    operation: PackageOperation,
  ): Promise<CheckedPackage> =>
    checkPackage(await readJsonObject(c), {
      version: c.get("apiVersion"),
      operation,
      now: ctx.clock.now(),
      language: c.get("language"),
      services: accountServices(accountKey),
      points: (pkg, carrier) => pointProblems(ctx.db, pkg, carrier),
    });

  app.post("/packages/validate", guard({ ...V1_V2, body: true }), async (c) => {
    const account = requireUserAccount(c, ctx);
    const checked = await checkedBody(c, account.key, "validate");
    if (checked.warnings.length === 0) return c.body(null, 204);
    return c.json({ valid: true, warnings: checked.warnings }, 200);
  });

  app.post("/packages", guard({ ...V1_V2, body: true }), async (c) => {
    const account = requireUserAccount(c, ctx);
    const version = c.get("apiVersion");
    const checked = await checkedBody(c, account.key, "create");
    const pkg = ctx.db.transaction(() => {
      const id = store.insert({
        account: account.key,
        data: checked.data,
        ...storedService(checked),
        now: ctx.clock.nowMs(),
      });
      return store.find(account.key, id);
    });
    if (!pkg) throw new Error("the created package could not be read back");
    c.header("Location", `/packages/${pkg.id}`);
    return c.json(
      { ...packageDetails(pkg, version, detailsContext(c)), warnings: checked.warnings },
      201,
    );
  });

  app.put("/packages/:id{[0-9]+}", guard({ ...V1_V2, body: true }), async (c) => {
    const account = requireUserAccount(c, ctx);
    const version = c.get("apiVersion");
    const id = Number(c.req.param("id"));
    const existing = store.find(account.key, id);
    if (!existing) throw packageNotFound(c.req.param("id"));
    if (existing.orderCommand !== null) {
      throw new RestError(409, "package_ordered", {
        en_GB: `Package ${id} has been ordered and can no longer be edited; cancel it and create a new one.`,
        pl_PL: `Przesyłka ${id} została zamówiona i nie można jej już edytować; anuluj ją i utwórz nową.`,
      });
    }
    const checked = await checkedBody(c, account.key, "update");
    const pkg = ctx.db.transaction(() => {
      const current = store.find(account.key, id);
      if (current?.orderCommand !== null) {
        throw new RestError(409, "package_ordered", {
          en_GB: `Package ${id} has been ordered and can no longer be edited.`,
          pl_PL: `Przesyłka ${id} została zamówiona i nie można jej już edytować.`,
        });
      }
      store.update(id, {
        data: checked.data,
        ...storedService(checked),
        now: ctx.clock.nowMs(),
      });
      return store.find(account.key, id);
    });
    if (!pkg) throw packageNotFound(c.req.param("id"));
    return c.json(
      { ...packageDetails(pkg, version, detailsContext(c)), warnings: checked.warnings },
      200,
    );
  });

  app.get("/packages/:id{[0-9]+}", guard(V1_V2), (c) => {
    const account = requireUserAccount(c, ctx);
    const id = Number(c.req.param("id"));
    const pkg = store.find(account.key, id);
    if (!pkg) throw packageNotFound(c.req.param("id"));
    return c.json(packageDetails(pkg, c.get("apiVersion"), detailsContext(c)), 200);
  });

  app.get("/packages", guard(V1_V2), (c) => {
    const account = requireUserAccount(c, ctx);
    const query = validated(
      PackageListQuerySchema,
      queryInput(c, { numbers: ["limit", "page"] }),
      c.get("language"),
    );
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const page = query.page ?? 1;
    const state = query.state;
    const reference = query.user_reference_number;
    const version = c.get("apiVersion");
    const context = detailsContext(c);
    // The state is read from the clock, so it is filtered after loading.
    const all = store
      .list(account.key, { userReferenceNumber: reference, limit: 1_000_000, offset: 0 })
      .map((pkg) => packageDetails(pkg, version, context))
      .filter((details) => state === undefined || details.state === state);
    const packages = all.slice((page - 1) * limit, page * limit);
    return c.json({ packages, total: all.length, page }, 200);
  });

  return app;
}
