// Documents in bulk for ordered packages:
//   PUT /documents-command/{uuid} { packages: [{ id }], type: "labels" | "protocol", page_format? }
//   GET /documents-command/{uuid}            the command; once final, `documents: [{ type, file_format, url }]`
//   GET /documents-command/{uuid}/document   the PDF: 204 + Retry-After until ready
// `labels` puts every package's label in one PDF (page_format a4 | a6, default
// a4); `protocol` is the handover protocol a courier signs (A4). The body is
// checked by @shipbridge/core's DocumentsCommandRequestSchema. The command
// is a command resource like ordering (commands/command-resource.ts). A
// package that is not ordered, or was cancelled, is an error entry. The
// document is ready once the command is final and every label in it is ready.
import {
  type DocumentsCommandRequest,
  DocumentsCommandRequestSchema,
} from "@shipbridge/core/schemas";
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { commandResource } from "../commands/command-resource.ts";
import type { Refusal, StoredCommand } from "../commands/command-store.ts";
import { commandCompletesAt } from "../commands/command-timeline.ts";
import { decidePackages } from "../commands/package-outcomes.ts";
import type { Guard } from "../http/guard.ts";
import { RestError } from "../http/rest-error.ts";
import { renderPdfPages } from "../labels/pdf-document.ts";
import { labelPage } from "../labels/shipping-label.ts";
import { PackageStore, type StoredPackage } from "../storage/stored-package.ts";
import { labelReadyAt } from "../tracking/tracking-timeline.ts";
import { handoverProtocolPages } from "./handover-protocol.ts";

export function documentsRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const packages = new PackageStore(ctx.db);

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

  const documentsCommands = commandResource(ctx, guard, {
    kind: "documents",
    path: "/documents-command",
    schema: DocumentsCommandRequestSchema,
    accept: ({ account, body }) =>
      decidePackages(
        body.packages,
        (id) => packages.find(account.key, id),
        (pkg): Refusal | undefined => {
          const params = { package_id: pkg.id, action: "documents" };
          if (pkg.orderCommand === null) return { rule: "package_not_ordered", params };
          if (pkg.cancelCommand !== null) return { rule: "package_cancelled", params };
          return undefined;
        },
      ),
    extra: (command, answer) => ({
      documents:
        answer.final && command.outcomes.some((o) => o.ok)
          ? [
              {
                type: (command.request as DocumentsCommandRequest).type,
                file_format: "pdf",
                url: `${ctx.baseUrl}/documents-command/${command.uuid}/document`,
              },
            ]
          : [],
    }),
  });
  app.route("/", documentsCommands.routes);

  app.get(
    "/documents-command/:uuid/document",
    guard({ versions: [1], produces: ["application/pdf"] }),
    (c) => {
      const command = documentsCommands.find(c);
      const request = command.request as DocumentsCommandRequest;
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
