// GET /packages/{id}/label: the label of an ordered package. 204 (with
// Retry-After) until it is ready, 5 s of sandbox clock after the order
// completes; then a PDF (Accept: application/pdf) or ZPL (application/zpl or
// text/plain). Without such an Accept, the file format chosen when ordering
// is used. ?label[page_format]=a4|a6 overrides the page format of the order
// (the query is checked by core's LabelQuerySchema, which takes no other key).
// 404 for an unknown package, 409 for one that is not ordered or was
// cancelled.
import { LabelQuerySchema } from "@shipbridge/core/schemas";
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import type { Guard } from "../http/guard.ts";
import { negotiateAccept } from "../http/negotiation.ts";
import { queryInput } from "../http/query-input.ts";
import { requireUserAccount } from "../http/request-account.ts";
import { RestError } from "../http/rest-error.ts";
import { validated } from "../http/validated-input.ts";
import { PackageStore, packageNotFound } from "../storage/stored-package.ts";
import { labelReadyAt } from "../tracking/tracking-timeline.ts";
import { labelPdf, labelZpl, type PageFormat } from "./shipping-label.ts";

const LABEL_MEDIA = ["application/pdf", "application/zpl", "text/plain"] as const;
const LABEL_ROUTE = { versions: [1] as const, produces: LABEL_MEDIA };

export function labelRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const packages = new PackageStore(ctx.db);

  app.get("/packages/:id{[0-9]+}/label", guard(LABEL_ROUTE), (c) => {
    const account = requireUserAccount(c, ctx);
    const language = c.get("language");
    const id = Number(c.req.param("id"));
    const query = validated(LabelQuerySchema, queryInput(c), language);
    const pkg = packages.find(account.key, id);
    if (!pkg) throw packageNotFound(c.req.param("id"));
    if (pkg.orderCommand === null) {
      throw new RestError(409, "package_not_ordered", {
        en_GB: `Package ${id} is not ordered yet; order it (PUT /order-commands/{uuid}) before asking for its label.`,
        pl_PL: `Przesyłka ${id} nie jest jeszcze zamówiona; zamów ją (PUT /order-commands/{uuid}) przed pobraniem etykiety.`,
      });
    }
    if (pkg.canceledAt !== null) {
      throw new RestError(409, "package_canceled", {
        en_GB: `Package ${id} was cancelled; it has no label.`,
        pl_PL: `Przesyłka ${id} została anulowana; nie ma etykiety.`,
      });
    }
    const readyAt = labelReadyAt(pkg) ?? Number.POSITIVE_INFINITY;
    const now = ctx.clock.nowMs();
    if (now < readyAt) {
      return c.body(null, 204, {
        "Retry-After": String(Math.max(1, Math.ceil((readyAt - now) / 1000))),
      });
    }
    const accepted = negotiateAccept(c.req.header("accept"), LABEL_ROUTE);
    const media =
      accepted.alternative ??
      (pkg.labelFileFormat === "zpl" ? "application/zpl" : "application/pdf");
    const pageFormat = (query["label[page_format]"] ?? pkg.labelPageFormat ?? "a4") as PageFormat;
    if (media === "application/pdf") {
      const bytes = labelPdf(pkg, pageFormat);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="label-${pkg.id}.pdf"`,
      });
    }
    return c.body(labelZpl(pkg), 200, {
      "Content-Type":
        media === "text/plain" ? "text/plain; charset=utf-8" : "application/zpl; charset=utf-8",
      "Content-Disposition": `inline; filename="label-${pkg.id}.zpl"`,
    });
  });

  return app;
}
