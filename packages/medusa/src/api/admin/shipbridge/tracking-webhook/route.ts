// POST /admin/shipbridge/tracking-webhook: points the account's tracking
// pushes at this store now, taking the webhook over from any other address
// (the service keeps one per account). For a store whose backend address
// changed, or a merchant who wants pushes here again; the connect callback
// and the reconcile job do the same by themselves.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { answeringErrors } from "../../../../lib/route-errors.ts";
import { registerTrackingWebhookWorkflow } from "../../../../workflows/register-tracking-webhook.ts";

export const POST = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const { result } = await registerTrackingWebhookWorkflow(req.scope).run({ input: {} });
    res.json({ result });
  },
);
