// POST /tracking/:shop: a tracking push from the shipping service. The raw
// body is checked with core's verifyTrackingPush under the shop's secret; a
// forged or malformed push gets 401 and nothing is written. A valid push is
// applied once (a replay answers 200 and changes nothing); a failure to
// update Shopify answers 503 so the service pushes again.
import { verifyTrackingPush } from "@shipbridge/core";
import type { Context } from "hono";
import { type ApplyContext, applyTrackingEvent } from "./apply-tracking.ts";
import { trackingSecret } from "./tracking-secret.ts";

export async function receiveTrackingPush(
  context: ApplyContext & { readonly apiSecretKey: string },
  c: Context,
): Promise<Response> {
  const shop = c.req.param("shop") ?? "";
  if (!/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(shop)) return c.text("Unknown shop", 404);
  const rawBody = await c.req.text();
  const check = verifyTrackingPush(rawBody, trackingSecret(context.apiSecretKey, shop), {
    language: "en_GB",
  });
  if (!check.ok) return c.text("Unauthorized", 401);
  const push = check.value;
  try {
    const result = await applyTrackingEvent(context, shop, {
      packageId: Number(push.package_id),
      packageNo: push.package_no,
      state: push.tracking.state,
      datetime: push.tracking.datetime,
      description: push.tracking.description,
    });
    return c.text(result === "unknown" ? "Unknown package" : "OK", 200);
  } catch {
    return c.text("Try again later", 503);
  }
}
