// POST /admin/shipbridge/batches/:id/labels `{ format?, offset? }`: the
// batch's labels as one file to print at once, in the store's labelFormat
// (a PDF of A6 or A4 pages, or ZPL) unless `format` names another; at most
// 500 labels a file, `x-shipbridge-next-offset` saying where the next starts.
// POST, as it asks the service for a documents command; asking again gets
// the same command and file.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { batchLabelFile } from "../../../../../../lib/batch-day.ts";
import { parseLabelRequest } from "../../../../../../lib/day-requests.ts";
import { coreLanguage } from "../../../../../../lib/language.ts";
import { answeringErrors, requestLanguage } from "../../../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../../../modules/shipbridge/service.ts";

export const POST = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const language = requestLanguage(req) ?? coreLanguage(shipbridge.pluginOptions.language);
    const { format, offset } = parseLabelRequest(req.body, language);
    const id = req.params["id"] as string;
    const { file, next } = await batchLabelFile(shipbridge, id, language, format, offset);
    res.setHeader("content-type", file.contentType);
    res.setHeader("content-disposition", `attachment; filename="${id}-${file.filename}"`);
    res.setHeader("x-shipbridge-packages", file.packageIds.join(","));
    res.setHeader(
      "x-shipbridge-skipped",
      JSON.stringify(
        file.skipped.map((entry) => ({ package_id: entry.packageId, rule: entry.rule })),
      ),
    );
    if (next !== undefined) res.setHeader("x-shipbridge-next-offset", String(next));
    res.status(200).send(Buffer.from(file.body));
  },
);
