// GET /returns/label/:token: the return parcel's label, for Shopify to fetch
// when the app attaches it to the return (see label-link.ts). A token that is
// not the app's, or has expired, opens nothing; the answer is never cached.
import type { Shopify } from "@shopify/shopify-api";
import type { Context } from "hono";
import type pg from "pg";
import { loadReturnLabel } from "../store/returns.ts";
import { readLabelToken } from "./label-link.ts";

export interface LabelRouteContext {
  readonly shopify: Shopify;
  readonly pool: pg.Pool;
  readonly now?: () => number;
}

export async function serveReturnLabel(context: LabelRouteContext, c: Context): Promise<Response> {
  const read = readLabelToken(
    context.shopify.config.apiSecretKey,
    c.req.param("token") ?? "",
    (context.now ?? Date.now)(),
  );
  const headers = { "cache-control": "no-store", "content-type": "text/plain; charset=utf-8" };
  if (read === "invalid") {
    return new Response(
      "This label link is not valid. / Ten link do etykiety jest nieprawidłowy.",
      {
        status: 403,
        headers,
      },
    );
  }
  if (read === "expired") {
    return new Response("This label link has expired. / Ten link do etykiety wygasł.", {
      status: 410,
      headers,
    });
  }
  const label = await loadReturnLabel(context.pool, read.shop, read.returnId);
  if (!label) {
    return new Response("No label is kept for this return. / Nie ma etykiety dla tego zwrotu.", {
      status: 404,
      headers,
    });
  }
  return new Response(label.bytes, {
    status: 200,
    headers: { "cache-control": "no-store", "content-type": label.contentType },
  });
}
