// Documents in bulk for ordered packages:
//   PUT /documents-command/{uuid} { packages: [{ id }], type: "labels" | "protocol", page_format? }
//   GET /documents-command/{uuid}            the command; once final, `documents: [{ type, file_format, url }]`
//   GET /documents-command/{uuid}/document   the PDF: 204 + Retry-After until ready
// `labels` puts every package's label in one PDF (page_format a4 | a6, default
// a4); `protocol` is the handover protocol a courier signs (A4). Idempotent on
// the UUID, with the status model of ordering. A package that is not ordered,
// or was cancelled, is an error entry. The document is ready once the command
// is final and every label in it is ready.
import { CommandUuidSchema, type Language, PackageRefSchema } from "@shipbridge/core";
import { Hono } from "hono";
import { z } from "zod";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { type Guard, V1 } from "../http/guard.ts";
import { readJsonObject } from "../http/json-body.ts";
import { requireUserAccount } from "../http/request-account.ts";
import { RestError } from "../http/rest-error.ts";
import { validated } from "../http/validated-input.ts";
import { renderPdfPages } from "../labels/pdf-document.ts";
import { labelPage, PAGE_FORMATS } from "../labels/shipping-label.ts";
import { commandAnswer, commandConflict, commandNotFound } from "../orders/command-answer.ts";
import { CommandStore, type PackageOutcome, type StoredCommand } from "../orders/command-store.ts";
import { commandCompletesAt } from "../orders/command-timeline.ts";
import { PackageStore, type StoredPackage } from "../packages/stored-package.ts";
import { canonicalJson, sha256Hex } from "../support/hashing.ts";
import { labelReadyAt } from "../tracking/tracking-timeline.ts";
import { handoverProtocolPages } from "./handover-protocol.ts";

export const DOCUMENT_TYPES = ["labels", "protocol"] as const;

export const DocumentsCommandRequestSchema = z.strictObject({
  packages: z.array(PackageRefSchema).min(1).max(500),
  type: z.enum(DOCUMENT_TYPES),
  page_format: z.enum(PAGE_FORMATS).optional(),
});
type DocumentsRequest = z.infer<typeof DocumentsCommandRequestSchema>;

export function documentsRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const packages = new PackageStore(ctx.db);
  const commands = new CommandStore(ctx.db);

  const included = (command: StoredCommand): StoredPackage[] =>
    command.outcomes
      .filter((o) => o.ok)
      .map((o) => packages.find(command.account, o.package_id))
      .filter((p): p is StoredPackage => p !== undefined);

  const readyAt = (command: StoredCommand): number =>
    Math.max(
      commandCompletesAt(command.createdAt),
      ...included(command).map((p) => labelReadyAt(p) ?? 0),
    );

  const answer = (command: StoredCommand, language: Language) => {
    const result = commandAnswer(command, ctx.clock.nowMs(), language, (id) => ({
      package_id: id,
    }));
    const request = command.request as DocumentsRequest;
    const ok = command.outcomes.some((o) => o.ok);
    result.body.documents =
      result.final && ok
        ? [
            {
              type: request.type,
              file_format: "pdf",
              url: `${ctx.baseUrl}/documents-command/${command.uuid}/document`,
            },
          ]
        : [];
    return result;
  };

  const find = (c: Parameters<typeof requireUserAccount>[0]) => {
    const account = requireUserAccount(c, ctx);
    const uuid = validated(CommandUuidSchema, c.req.param("uuid"), c.get("language"), "uuid");
    const command = commands.find("documents", uuid);
    if (!command || command.account !== account.key) throw commandNotFound("documents", uuid);
    return command;
  };

  app.put("/documents-command/:uuid", guard({ ...V1, body: true }), async (c) => {
    const account = requireUserAccount(c, ctx);
    const language = c.get("language");
    const uuid = validated(CommandUuidSchema, c.req.param("uuid"), language, "uuid");
    const body = validated(DocumentsCommandRequestSchema, await readJsonObject(c), language);
    const requestHash = sha256Hex(canonicalJson(body));
    const command = ctx.db.transaction(() => {
      const existing = commands.find("documents", uuid);
      if (existing) {
        if (existing.account !== account.key || existing.requestHash !== requestHash)
          throw commandConflict(uuid);
        return existing;
      }
      const seen = new Set<number>();
      const outcomes = body.packages.map(({ id }, index): PackageOutcome => {
        const fail = (en: string, pl: string): PackageOutcome => ({
          package_id: id,
          ok: false,
          error: { path: `packages[${index}].id`, message: { en_GB: en, pl_PL: pl } },
        });
        if (seen.has(id))
          return fail(
            `Package ${id} is listed more than once.`,
            `Przesyłka ${id} występuje więcej niż raz.`,
          );
        seen.add(id);
        const pkg = packages.find(account.key, id);
        if (!pkg)
          return fail(
            `There is no package ${id} on this account.`,
            `Na tym koncie nie ma przesyłki ${id}.`,
          );
        if (pkg.orderCommand === null || pkg.cancelCommand !== null) {
          return fail(
            `Package ${id} is not ordered (or was cancelled), so it has no documents.`,
            `Przesyłka ${id} nie jest zamówiona (lub została anulowana), więc nie ma dokumentów.`,
          );
        }
        return { package_id: id, ok: true };
      });
      const created = {
        kind: "documents" as const,
        uuid,
        account: account.key,
        requestHash,
        request: body,
        createdAt: ctx.clock.nowMs(),
        outcomes,
      };
      commands.insert(created);
      return created;
    });
    const result = answer(command, language);
    return c.json(result.body, result.final ? 200 : 202);
  });

  app.get("/documents-command/:uuid", guard(V1), (c) =>
    c.json(answer(find(c), c.get("language")).body, 200),
  );

  app.get(
    "/documents-command/:uuid/document",
    guard({ versions: [1], produces: ["application/pdf"] }),
    (c) => {
      const command = find(c);
      const request = command.request as DocumentsRequest;
      const packagesIn = included(command);
      if (packagesIn.length === 0) {
        throw new RestError(409, "no_documents", {
          en_GB: "None of the command's packages could be included, so there is no document.",
          pl_PL: "Żadnej przesyłki polecenia nie można było ująć, więc nie ma dokumentu.",
        });
      }
      const now = ctx.clock.nowMs();
      const ready = readyAt(command);
      if (now < ready)
        return c.body(null, 204, {
          "Retry-After": String(Math.max(1, Math.ceil((ready - now) / 1000))),
        });
      const pages =
        request.type === "labels"
          ? packagesIn.map((pkg) => labelPage(pkg, request.page_format ?? "a4"))
          : handoverProtocolPages(packagesIn, now);
      return c.body(renderPdfPages(pages) as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${request.type}-${command.uuid}.pdf"`,
      });
    },
  );

  return app;
}
