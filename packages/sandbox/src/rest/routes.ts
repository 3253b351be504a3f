// The REST API of the sandbox ({base_url}): every resource, each behind the
// guard (access token, content negotiation, X-Language, X-Company-Id). The
// base app mounts it; unknown paths and methods are answered there (404/405).
// Errors thrown by handlers become the API's JSON error body in the
// request's language. Building the routes also starts the tracking-push
// timer (tracking-push.ts), which stops when the database closes.
import { DEFAULT_LANGUAGE } from "@shipbridge/core/internal";
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../context.ts";
import { accountRoutes } from "./account/account-routes.ts";
import { addressBookRoutes } from "./account/address-book-routes.ts";
import { documentsRoutes } from "./documents/documents-routes.ts";
import { createGuard } from "./http/guard.ts";
import { isRestError } from "./http/rest-error.ts";
import { labelRoutes } from "./labels/label-routes.ts";
import { messageRoutes } from "./messages/message-routes.ts";
import { cancelRoutes } from "./orders/cancel-routes.ts";
import { orderRoutes } from "./orders/order-routes.ts";
import { packageRoutes } from "./packages/package-routes.ts";
import { paymentRoutes } from "./payments/payment-routes.ts";
import { pickupRoutes } from "./pickups/pickup-routes.ts";
import { pointsRoutes } from "./points/points-routes.ts";
import { calculatePriceRoutes } from "./pricing/calculate-price-routes.ts";
import { referenceRoutes } from "./reference/reference-routes.ts";
import { migrateRestTables } from "./storage/rest-tables.ts";
import { templateRoutes } from "./templates/template-routes.ts";
import { startTrackingPushes } from "./tracking/tracking-push.ts";
import { trackingRoutes } from "./tracking/tracking-routes.ts";

export function restRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  migrateRestTables(ctx.db);
  startTrackingPushes(ctx);
  const guard = createGuard(ctx);
  const app = new Hono<SandboxEnv>();

  app.onError((error, c) => {
    if (!isRestError(error)) throw error;
    const language = c.get("language") ?? DEFAULT_LANGUAGE;
    return c.json(error.body(language), error.status, error.headers);
  });

  // Static paths before parameterised ones (/packages/validate before /packages/{id}).
  app.route("/", calculatePriceRoutes(ctx, guard));
  app.route("/", trackingRoutes(ctx, guard));
  app.route("/", packageRoutes(ctx, guard));
  app.route("/", labelRoutes(ctx, guard));
  app.route("/", orderRoutes(ctx, guard));
  app.route("/", cancelRoutes(ctx, guard));
  app.route("/", pickupRoutes(ctx, guard));
  app.route("/", documentsRoutes(ctx, guard));
  app.route("/", accountRoutes(ctx, guard));
  app.route("/", addressBookRoutes(ctx, guard));
  app.route("/", templateRoutes(ctx, guard));
  app.route("/", messageRoutes(ctx, guard));
  app.route("/", paymentRoutes(ctx, guard));
  app.route("/", pointsRoutes(ctx, guard));
  app.route("/", referenceRoutes(ctx, guard));
  return app;
}
