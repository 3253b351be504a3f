// Shipment templates of the account (/account/package-templates). Version 2
// (since v1.0.30) carries each template's shipment data in an array:
// `{ templates: [{ id, name, packages: [package] }] }`; version 1 carries one
// `package` (v1 shape, type on the package). A new account starts with two
// templates. POST adds one: `{ name, package }` (v2: `packages: [..]`, 1 to
// 20), the body checked by core's TemplateV1RequestSchema or
// TemplateV2RequestSchema and each package by core's validatePackage like
// POST /packages/validate.
// DELETE /account/package-templates/{id} removes one.
import type { Language } from "@shipbridge/core";
import {
  packageV2ToV1,
  TemplateV1RequestSchema,
  TemplateV2RequestSchema,
} from "@shipbridge/core/schemas";
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { accountServices } from "../account/account-services.ts";
import { DEMO_SENDER } from "../account/demo-sender.ts";
import { type Guard, V1_V2 } from "../http/guard.ts";
import { readJsonObject } from "../http/json-body.ts";
import type { ApiVersion } from "../http/negotiation.ts";
import { requireUserAccount } from "../http/request-account.ts";
import { RestError, type RestErrorEntry } from "../http/rest-error.ts";
import { validated, validationError } from "../http/validated-input.ts";
import { checkPackage } from "../packages/package-input.ts";
import type { PackageData } from "../storage/stored-package.ts";

function seedTemplates(): Array<{ name: string; packages: PackageData[] }> {
  return [
    {
      name: "Paczkomat – mała paczka",
      packages: [
        {
          service: "inpost",
          pickup: DEMO_SENDER,
          sender: DEMO_SENDER,
          receiver: {
            name: "Anna Nowak",
            street: "Piotrkowska 100",
            postcode: "90-004",
            city: "Łódź",
            country_code: "PL",
            phone: "500200300",
            email: "anna.nowak@example.com",
            point: "LOD01M",
          },
          parcels: [{ width: 38, depth: 64, height: 8, weight: 2, type: "package" }],
        },
      ],
    },
    {
      name: "Kurier DPD – dwie paczki",
      packages: [
        {
          service: "dpd",
          pickup: DEMO_SENDER,
          sender: DEMO_SENDER,
          receiver: {
            name: "Piotr Wiśniewski",
            street: "Floriańska 5",
            postcode: "31-019",
            city: "Kraków",
            country_code: "PL",
            phone: "700300400",
          },
          parcels: [
            { width: 40, depth: 30, height: 20, weight: 5, type: "package" },
            { width: 40, depth: 30, height: 20, weight: 4.5, type: "package" },
          ],
        },
      ],
    },
  ];
}

interface TemplateRow {
  id: number;
  name: string;
  data: string;
}

function templateOut(row: TemplateRow, version: ApiVersion): Record<string, unknown> {
  const packages = JSON.parse(row.data) as PackageData[];
  if (version === 2) return { id: row.id, name: row.name, packages };
  const first = packages[0];
  const v1 = first
    ? packageV2ToV1(first as unknown as Parameters<typeof packageV2ToV1>[0])
    : undefined;
  return { id: row.id, name: row.name, package: v1?.ok ? v1.value : (first ?? null) };
}

export function templateRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const list = (account: string): TemplateRow[] => {
    ctx.db.transaction(() => {
      const seeded = ctx.db.sql
        .prepare("INSERT OR IGNORE INTO rest_seeded_accounts (account) VALUES (?)")
        .run(`templates:${account}`);
      if (seeded.changes === 0) return;
      const insert = ctx.db.sql.prepare(
        "INSERT INTO rest_templates (account, name, data, created_at) VALUES (?, ?, ?, ?)",
      );
      for (const t of seedTemplates())
        insert.run(account, t.name, JSON.stringify(t.packages), ctx.clock.nowMs());
    });
    return ctx.db.sql
      .prepare("SELECT id, name, data FROM rest_templates WHERE account = ? ORDER BY id")
      .all(account) as unknown as TemplateRow[];
  };

  app.get("/account/package-templates", guard(V1_V2), (c) => {
    const account = requireUserAccount(c, ctx);
    return c.json(
      { templates: list(account.key).map((row) => templateOut(row, c.get("apiVersion"))) },
      200,
    );
  });

  app.post("/account/package-templates", guard({ ...V1_V2, body: true }), async (c) => {
    const account = requireUserAccount(c, ctx);
    const version = c.get("apiVersion");
    const language: Language = c.get("language");
    const raw = await readJsonObject(c);
    const body =
      version === 2
        ? validated(TemplateV2RequestSchema, raw, language)
        : (({ name, package: pkg }) => ({ name, packages: [pkg] }))(
            validated(TemplateV1RequestSchema, raw, language),
          );
    const services = accountServices(account.key);
    const problems: RestErrorEntry[] = [];
    const packages: PackageData[] = [];
    body.packages.forEach((pkg, index) => {
      const prefix = version === 2 ? `packages[${index}]` : "package";
      try {
        packages.push(
          checkPackage(pkg, {
            version,
            operation: "validate",
            now: ctx.clock.now(),
            language,
            services,
          }).data,
        );
      } catch (error) {
        if (!(error instanceof RestError)) throw error;
        for (const e of error.errors)
          problems.push({ ...e, path: e.path === "" ? prefix : `${prefix}.${e.path}` });
      }
    });
    if (problems.length > 0) throw validationError(problems);
    list(account.key);
    const row = ctx.db.transaction(() => {
      const result = ctx.db.sql
        .prepare("INSERT INTO rest_templates (account, name, data, created_at) VALUES (?, ?, ?, ?)")
        .run(account.key, body.name, JSON.stringify(packages), ctx.clock.nowMs());
      return ctx.db.sql
        .prepare("SELECT id, name, data FROM rest_templates WHERE id = ?")
        .get(Number(result.lastInsertRowid)) as unknown as TemplateRow;
    });
    return c.json(templateOut(row, version), 201);
  });

  app.delete("/account/package-templates/:id{[0-9]+}", guard(V1_V2), (c) => {
    const account = requireUserAccount(c, ctx);
    const removed = ctx.db.sql
      .prepare("DELETE FROM rest_templates WHERE account = ? AND id = ?")
      .run(account.key, Number(c.req.param("id")));
    if (removed.changes === 0) {
      throw new RestError(404, "template_not_found", {
        en_GB: `There is no template ${c.req.param("id")} on this account.`,
        pl_PL: `Na tym koncie nie ma szablonu ${c.req.param("id")}.`,
      });
    }
    return c.body(null, 204);
  });

  return app;
}
