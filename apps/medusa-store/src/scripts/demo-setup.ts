// The demo app's one-time setup of this store (`medusa exec
// ./src/scripts/demo-setup.ts`): seeds it (idempotent), creates the admin
// user the demo's dashboard signs in with (email and password from
// DEMO_ADMIN_EMAIL and DEMO_ADMIN_PASSWORD, once), and prints the store
// API's publishable key on a line of its own for the demo to read.
import type { ExecArgs } from "@medusajs/framework/types";
import { ContainerRegistrationKeys } from "@medusajs/framework/utils";
import { ensureAdminUser } from "./admin-user";
import seed from "./seed";

export const SETUP_LINE = "SHIPBRIDGE_DEMO_SETUP ";

export default async function demoSetup(args: ExecArgs): Promise<void> {
  const { container } = args;
  await seed(args);
  const email = process.env["DEMO_ADMIN_EMAIL"];
  const password = process.env["DEMO_ADMIN_PASSWORD"];
  if (!email || !password) throw new Error("DEMO_ADMIN_EMAIL and DEMO_ADMIN_PASSWORD are required");
  await ensureAdminUser(container, email, password);
  const query = container.resolve(ContainerRegistrationKeys.QUERY);
  const { data: keys } = await query.graph({
    entity: "api_key",
    fields: ["token", "title", "revoked_at"],
    filters: { type: "publishable" },
  });
  // The seed's key, linked to the store's sales channel (Medusa makes a default one too).
  const key = keys.find((candidate) => candidate.title === "Web shop" && !candidate.revoked_at);
  if (!key) throw new Error("the store has no publishable key");
  // The key is public by design (storefronts send it with every request).
  console.log(`${SETUP_LINE}${JSON.stringify({ publishableKey: key.token })}`);
}
