// GET /admin/shipbridge/orders/:id/failures: why the order's latest batch
// attempt did not ship it, per shipping method of this plugin (none when the
// latest attempt shipped or is still running), in the request's language,
// for the order page's "Retry".
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import type { Language } from "@shipbridge/core";
import { coreLanguage } from "../../../../../../lib/language.ts";
import { answeringErrors, requestLanguage } from "../../../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../../../modules/shipbridge/service.ts";

export const GET = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const language = requestLanguage(req) ?? coreLanguage(shipbridge.pluginOptions.language);
    const other: Language = language === "pl_PL" ? "en_GB" : "pl_PL";
    const rows = await shipbridge.listBatchOrders(
      { order_id: req.params["id"] as string },
      { order: { created_at: "DESC" }, take: 50 },
    );
    // The latest row of each shipping method says where it stands now.
    const latest = new Map<string, (typeof rows)[number]>();
    for (const row of rows) {
      const method = row.shipping_method_id ?? "";
      if (!latest.has(method)) latest.set(method, row);
    }
    res.json({
      failures: [...latest.values()]
        .filter((row) => row.state === "failed")
        .map((row) => {
          const messages = (row.messages ?? {}) as Partial<Record<Language, string>>;
          return {
            batch_id: row.batch_id,
            shipping_method_id: row.shipping_method_id,
            code: row.code,
            message: messages[language] ?? messages[other] ?? row.code ?? "",
            retryable: row.retryable,
          };
        }),
    });
  },
);
