// Test support for the UI extensions' tests: an order of the shop, placed
// and paid in FakeShopify and delivered to the app, then waiting for the
// merchant (a shop that ships by hand); optionally to a pickup point; and
// open InPost points the sandbox lists near the sample address.
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import type { Harness } from "./harness.ts";

export async function waitingOrder(
  harness: Harness,
  app: ShopifyApp,
  shop: string,
  id: number,
  pointCode?: string,
  /** When the order was placed (Shopify's `createdAt`); the fake's default otherwise. */
  placedAt?: Date,
): Promise<void> {
  const order = harness.order(shop, id, {
    ...(placedAt ? { created_at: placedAt.toISOString() } : {}),
    ...(pointCode
      ? {
          shipping_lines: [
            {
              title: "InPost Paczkomat",
              code: `shipbridge:inpost:point:${pointCode}`,
              source: "shipbridge",
              price: "12.99",
            },
          ],
        }
      : {}),
  });
  await harness.deliverPaid(app, shop, order);
  await harness.settled(shop, String(id), ["waiting"]);
}

export async function openInpostPoints(harness: Harness) {
  const service = await harness.serviceClient();
  const { points } = await service.points.map({
    location: { address: { postcode: "80-831", city: "Gdańsk", country_code: "PL" } },
    filters: { services: ["inpost"] },
    limit: 20,
  });
  return points.filter((point) => point.active !== false && !point.holiday);
}
