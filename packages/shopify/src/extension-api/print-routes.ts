// The print actions: what to print for some orders (their labels as one
// file, or their batch's handover protocol, one file per carrier), each as
// a signed five-minute link; and the link itself, which the admin loads
// without a token, answering the file made (or fetched) now.
import { createHash } from "node:crypto";
import { batchLabels } from "@shipbridge/core";
import type { Hono } from "hono";
import { batchFiles, batchProtocol, LABEL_FILES } from "../day/batch-documents.ts";
import { shopMerchant } from "../merchant/shop-merchant.ts";
import type { AppRuntime } from "../runtime/app-runtime.ts";
import { loadSettings } from "../store/settings.ts";
import { type AsShop, askedLanguage, BASE, readJson, ready, selectedIds } from "./ask-shop.ts";
import { type DocumentRequest, verifyDocumentTicket } from "./document-ticket.ts";
import { refusal } from "./extension-texts.ts";
import { hasParcel } from "./order-card.ts";

export function printRoutes(hono: Hono, asShop: AsShop, runtime: () => Promise<AppRuntime>): void {
  hono.post(
    `${BASE}/print`,
    asShop(async (c, asker) => {
      const body = await readJson(c);
      const ids = selectedIds(body?.orderIds);
      const kind = body?.document;
      if ((kind !== "labels" && kind !== "protocol") || !ids) {
        return asker.refuse("bad_request", 400);
      }
      const selected = new Set(ids);
      const { app, shop, merchant } = asker;
      if (kind === "labels") {
        const orders = await merchant.orders({ limit: 500 });
        const printable = orders.filter((order) => selected.has(order.orderId) && hasParcel(order));
        if (printable.length === 0) return asker.refuse("no_document", 404);
        const orderIds = printable.map((order) => order.orderId);
        return c.json({
          language: asker.language,
          documents: [
            {
              kind: "labels",
              orders: printable.map((order) => order.orderName),
              src: asker.documentUrl({ kind: "labels", orderIds }),
            },
          ],
        });
      }
      // The newest batch that shipped any selected order: its protocol, one file per carrier.
      for (const batch of await merchant.batches({ limit: 50 })) {
        const details = await merchant.batch(batch.id);
        if (!details?.orders.some((order) => selected.has(order.orderId))) continue;
        const files = await batchFiles(app, shop, batch.id);
        const documents = files.protocols.flatMap(({ service, parts }) =>
          Array.from({ length: parts }, (_, index) => ({
            kind: "protocol",
            service,
            part: index + 1,
            parts,
            src: asker.documentUrl({
              kind: "protocol",
              batchId: batch.id,
              service,
              part: index + 1,
            }),
          })),
        );
        if (documents.length === 0) break;
        return c.json({ language: asker.language, batchId: batch.id, documents });
      }
      return asker.refuse("no_protocol", 404);
    }),
  );

  // A print link: the file itself, shown in the admin's print preview.
  hono.get(`${BASE}/documents/:ticket`, async (c) => {
    const asked = askedLanguage(c) ?? "en";
    const app = await ready(runtime);
    if (!app) return c.json(refusal("service_refused", asked), 503);
    const ticket = verifyDocumentTicket(
      app.config.apiSecretKey,
      c.req.param("ticket"),
      (app.config.now ?? Date.now)(),
    );
    if (!ticket) return c.json(refusal("link_expired", asked), 410);
    try {
      const file = await documentFile(app, ticket.shop, ticket.document);
      if (!file) return c.json(refusal("no_document", asked), 404);
      return new Response(file.body.slice(), {
        headers: {
          "content-type": file.contentType,
          "content-disposition": `inline; filename="${file.filename.replace(/[^\w.-]/g, "_")}"`,
          "cache-control": "no-store",
        },
      });
    } catch {
      return c.json(refusal("service_refused", asked), 503);
    }
  });
}

/** The file a print link names, made (or fetched) now; undefined when there is nothing to print. */
async function documentFile(
  app: AppRuntime,
  shop: string,
  document: DocumentRequest,
): Promise<{ body: Uint8Array; contentType: string; filename: string } | undefined> {
  const merchant = shopMerchant(async () => app, shop);
  if (document.kind === "protocol") {
    return batchProtocol(app, shop, document.batchId, document.service, document.part);
  }
  const [only, ...rest] = document.orderIds;
  if (only !== undefined && rest.length === 0) {
    const label = await merchant.label(only);
    const extension = label?.contentType.includes("pdf") ? "pdf" : "txt";
    return label ? { ...label, filename: `label-${only}.${extension}` } : undefined;
  }
  const wanted = new Set(document.orderIds);
  const orders = await merchant.orders({ limit: 500 });
  const packageIds = orders
    .filter((order) => wanted.has(order.orderId) && hasParcel(order))
    .map((order) => Number(order.packageId));
  if (packageIds.length === 0) return undefined;
  const { settings } = await loadSettings(app.pool, shop);
  // The same packages in the same format are the same documents command: the same file.
  const digest = createHash("sha256").update(packageIds.sort().join(",")).digest("hex");
  return batchLabels(app.connections.client(shop), packageIds, {
    ...LABEL_FILES[settings.labelFormat],
    key: `${shop}:selection:${digest.slice(0, 32)}:labels:${settings.labelFormat}`,
    language: settings.language,
  });
}
