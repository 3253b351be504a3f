// The store app's setup at every `start` (`medusa exec
// ./src/scripts/start-setup.ts`): seeds the store (idempotent), creates the
// admin user from SHIPBRIDGE_ADMIN_EMAIL and SHIPBRIDGE_ADMIN_PASSWORD (once),
// and prints what a newcomer needs on one line of its own for `start` to
// read: the publishable key, the region and the products (never the
// password, which `start` chose and knows).
import type { ExecArgs } from "@medusajs/framework/types";
import { ContainerRegistrationKeys } from "@medusajs/framework/utils";
import { ensureAdminUser } from "./admin-user";
import seed from "./seed";

/** The line's start; `scripts/start.mts` looks for it. */
export const STORE_SETUP_LINE = "SHIPBRIDGE_STORE_SETUP ";

export default async function startSetup(args: ExecArgs): Promise<void> {
  const { container } = args;
  await seed(args);
  const email = process.env["SHIPBRIDGE_ADMIN_EMAIL"];
  const password = process.env["SHIPBRIDGE_ADMIN_PASSWORD"];
  if (!email || !password) {
    throw new Error("SHIPBRIDGE_ADMIN_EMAIL and SHIPBRIDGE_ADMIN_PASSWORD are required");
  }
  await ensureAdminUser(container, email, password);
  const query = container.resolve(ContainerRegistrationKeys.QUERY);
  const { data: regions } = await query.graph({
    entity: "region",
    fields: ["id", "name", "currency_code"],
    filters: { name: "Polska" },
  });
  const { data: keys } = await query.graph({
    entity: "api_key",
    fields: ["token", "title", "revoked_at"],
    filters: { type: "publishable" },
  });
  const { data: products } = await query.graph({
    entity: "product",
    fields: ["id", "title", "handle"],
    filters: { handle: ["kubek", "ksiazka"] },
  });
  const region = regions[0];
  // The seed's key, linked to the store's sales channel (Medusa makes a default one too).
  const key = keys.find((candidate) => candidate.title === "Web shop" && !candidate.revoked_at);
  if (!region || !key) throw new Error("the store has no region Polska or no publishable key");
  // The key is public by design (storefronts send it with every request).
  const facts = {
    publishableKey: key.token,
    region: { id: region.id, name: region.name, currency: region.currency_code },
    products: products.map((product) => ({ id: product.id, title: product.title })),
  };
  console.log(`${STORE_SETUP_LINE}${JSON.stringify(facts)}`);
}
