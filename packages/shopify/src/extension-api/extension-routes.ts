// The routes the app's UI extensions call (`/extension-api/...`): the
// order-details block (order-routes.ts), the order list's "Ship with
// shipbridge" (batch-routes.ts), the print actions and their signed
// documents (print-routes.ts), and the thank-you and order-status blocks
// (buyer-routes.ts). Every answer carries CORS (extensions run on
// Shopify's origins, and send the ID token in Authorization) and a
// preflight is answered at once; every route but the signed documents
// proves the shop with Shopify's ID token (ask-shop.ts): the admin routes
// a merchant's token alone, the buyer's route a buyer's alone; and all go
// through the merchant's console (ShopMerchant), the same one way as the
// app's own pages.
import type { Hono } from "hono";
import { cors } from "hono/cors";
import type { AppRuntime } from "../runtime/app-runtime.ts";
import { asBuyerOf, asShopOf, BASE } from "./ask-shop.ts";
import { batchRoutes } from "./batch-routes.ts";
import { buyerRoutes } from "./buyer-routes.ts";
import { orderRoutes } from "./order-routes.ts";
import { printRoutes } from "./print-routes.ts";

export function extensionRoutes(hono: Hono, runtime: () => Promise<AppRuntime>): void {
  hono.use(
    `${BASE}/*`,
    cors({
      origin: "*",
      allowHeaders: ["Authorization", "Content-Type"],
      allowMethods: ["GET", "POST", "OPTIONS"],
      // An extension reads it to know a new ID token is worth a retry.
      exposeHeaders: ["X-Shopify-Retry-Invalid-Session-Request"],
      maxAge: 7200,
    }),
  );
  const asShop = asShopOf(runtime);
  orderRoutes(hono, asShop);
  batchRoutes(hono, asShop);
  printRoutes(hono, asShop, runtime);
  buyerRoutes(hono, asBuyerOf(runtime));
}
