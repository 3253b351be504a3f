// POST /admin/shipbridge/batches/:id/protocol `{ service? }`: the handover
// protocols of the batch, one per carrier (a protocol serves one carrier).
// With `service`, that carrier's protocol as a PDF; without, every carrier's
// as JSON (each file in base64, with its packages and those left out).
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { MedusaError } from "@medusajs/framework/utils";
import { batchProtocols } from "../../../../../../lib/batch-day.ts";
import { coreLanguage } from "../../../../../../lib/language.ts";
import { answeringErrors, requestLanguage } from "../../../../../../lib/route-errors.ts";
import { SHIPBRIDGE_MODULE } from "../../../../../../modules/shipbridge/index.ts";
import type { ShipbridgeModuleService } from "../../../../../../modules/shipbridge/service.ts";

export const POST = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const shipbridge = req.scope.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
    const language = requestLanguage(req) ?? coreLanguage(shipbridge.pluginOptions.language);
    const service = (req.body as { service?: unknown } | undefined)?.service;
    if (service !== undefined && (typeof service !== "string" || service === "")) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        language === "pl_PL"
          ? "service zły typ: przewoźnik, np. dpd"
          : "service invalid_type: a carrier, e.g. dpd",
        "validation_failed",
      );
    }
    const id = req.params["id"] as string;
    const protocols = await batchProtocols(shipbridge, id, language);
    if (service === undefined) {
      res.json({
        protocols: protocols.map((protocol) => ({
          service: protocol.service,
          command_id: protocol.commandId,
          filename: protocol.filename,
          content_type: protocol.contentType,
          package_ids: protocol.packageIds,
          skipped: protocol.skipped.map((entry) => ({
            package_id: entry.packageId,
            rule: entry.rule,
            message: entry.message,
          })),
          body_base64: Buffer.from(protocol.body).toString("base64"),
        })),
      });
      return;
    }
    const protocol = protocols.find((entry) => entry.service === service);
    if (protocol === undefined) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        language === "pl_PL"
          ? `service: partia nie ma paczek ${service}`
          : `service: the batch has no ${service} parcels`,
        "service_not_in_batch",
      );
    }
    res.setHeader("content-type", protocol.contentType);
    res.setHeader(
      "content-disposition",
      `attachment; filename="${id}-${service}-${protocol.filename}"`,
    );
    res.status(200).send(Buffer.from(protocol.body));
  },
);
