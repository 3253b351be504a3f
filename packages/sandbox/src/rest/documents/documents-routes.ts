// Documents in bulk for ordered packages:
//   PUT /documents-command/{uuid} { packages: [{ id }], type: "labels" | "protocol", file_format?, page_format? }
//   GET /documents-command/{uuid}            the command; once final, `documents: [{ type, file_format, url }]`
//   GET /documents-command/{uuid}/document   the file: 204 + Retry-After until ready
// `labels` puts the labels of every parcel of the packages in one file: a PDF
// with one label per A6 page or four per A4 page (page_format, default a4),
// or ZPL with one ^XA..^XZ block per parcel (file_format zpl, served as
// application/zpl). `protocol` is the handover protocol a courier signs (an
// A4 PDF listing every parcel of its packages); it serves one carrier, so a
// package of another carrier than the first included one is an error entry
// (core's protocol_one_carrier) and a client asks one protocol per carrier.
// The body is checked by @shipbridge/core's DocumentsCommandRequestSchema.
// The command is a command resource like ordering
// (commands/command-resource.ts). A package that is not ordered, or was
// cancelled, is an error entry. The document is ready once the command is
// final and every label in it is ready.
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
import { negotiateAccept } from "../http/negotiation.ts";
import { RestError } from "../http/rest-error.ts";
import { renderPdfPages } from "../labels/pdf-document.ts";
import { labelPages, labelsZpl } from "../labels/shipping-label.ts";
import { PackageStore, type StoredPackage } from "../storage/stored-package.ts";
import { labelReadyAt } from "../tracking/tracking-timeline.ts";
import { handoverProtocolPages } from "./handover-protocol.ts";

const DOCUMENT_MEDIA = ["application/pdf", "application/zpl", "text/plain"] as const;
const DOCUMENT_ROUTE = { versions: [1] as const, produces: DOCUMENT_MEDIA };

/** The file format of the command's document: ZPL only for labels asked as zpl. */
function fileFormatOf(request: DocumentsCommandRequest): "pdf" | "zpl" {
  return request.type === "labels" && request.file_format === "zpl" ? "zpl" : "pdf";
}

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
    accept: ({ account, body }) => {
      // A protocol's carrier is that of its first package that can be included.
      let carrier: string | undefined;
      return decidePackages(
        body.packages,
        (id) => packages.find(account.key, id),
        (pkg): Refusal | undefined => {
          const params = { package_id: pkg.id, action: "documents" };
          if (pkg.orderCommand === null) return { rule: "package_not_ordered", params };
          if (pkg.cancelCommand !== null) return { rule: "package_cancelled", params };
          if (body.type !== "protocol") return undefined;
          carrier ??= pkg.service;
          if (pkg.service !== carrier)
            return {
              rule: "protocol_one_carrier",
              params: { package_id: pkg.id, carrier, service: pkg.service },
            };
          return undefined;
        },
      );
    },
    extra: (command, answer) => {
      const request = command.request as DocumentsCommandRequest;
      return {
        documents:
          answer.final && command.outcomes.some((o) => o.ok)
            ? [
                {
                  type: request.type,
                  file_format: fileFormatOf(request),
                  url: `${ctx.baseUrl}/documents-command/${command.uuid}/document`,
                },
              ]
            : [],
      };
    },
  });
  app.route("/", documentsCommands.routes);

  app.get("/documents-command/:uuid/document", guard(DOCUMENT_ROUTE), (c) => {
    const command = documentsCommands.find(c);
    const request = command.request as DocumentsCommandRequest;
    const format = fileFormatOf(request);
    const asked = negotiateAccept(c.req.header("accept"), DOCUMENT_ROUTE).alternative;
    if (asked !== undefined && (asked === "application/pdf") !== (format === "pdf")) {
      const media = format === "pdf" ? "application/pdf" : "application/zpl";
      throw new RestError(406, "not_acceptable", {
        en_GB: `This document is ${format.toUpperCase()} (${media}), not ${asked}: the command chose its file_format.`,
        pl_PL: `Ten dokument jest w formacie ${format.toUpperCase()} (${media}), a nie ${asked}: format wybrano w poleceniu (file_format).`,
      });
    }
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
    const filename = `${request.type}-${command.uuid}.${format}`;
    if (format === "zpl") {
      return c.body(labelsZpl(packagesIn), 200, {
        "Content-Type": "application/zpl",
        "Content-Disposition": `inline; filename="${filename}"`,
      });
    }
    const pages =
      request.type === "labels"
        ? labelPages(packagesIn, request.page_format ?? "a4")
        : handoverProtocolPages(packagesIn, now);
    return c.body(renderPdfPages(pages) as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${filename}"`,
    });
  });

  return app;
}
