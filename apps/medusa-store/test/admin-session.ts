// What the application tests share: an admin user made through Medusa's auth
// routes and its own workflow, and the seeded store's publishable key.
import type { MedusaContainer } from "@medusajs/framework/types";

interface Api {
  post(path: string, body?: unknown, config?: unknown): Promise<{ data: Record<string, unknown> }>;
}

/** Registers an admin user and answers the headers of its session. */
export async function adminHeaders(
  api: Api,
  container: MedusaContainer,
): Promise<{ headers: { authorization: string } }> {
  const { createUserAccountWorkflow } = await import("@medusajs/medusa/core-flows");
  const credentials = { email: "admin@example.com", password: "secret-password" };
  const registered = await api.post("/auth/user/emailpass/register", credentials);
  const payload = JSON.parse(
    Buffer.from(String(registered.data["token"]).split(".")[1] ?? "", "base64url").toString(),
  );
  await createUserAccountWorkflow(container).run({
    input: { authIdentityId: payload.auth_identity_id, userData: { email: credentials.email } },
  });
  const login = await api.post("/auth/user/emailpass", credentials);
  return { headers: { authorization: `Bearer ${String(login.data["token"])}` } };
}

/** The headers of the store API with the seeded publishable key. */
export async function storeHeaders(
  container: MedusaContainer,
): Promise<{ headers: { "x-publishable-api-key": string } }> {
  const query = container.resolve("query");
  const { data: keys } = await query.graph({
    entity: "api_key",
    fields: ["token"],
    // Medusa makes a default key of its own at boot: take the seeded one.
    filters: { type: "publishable", title: "Web shop" },
  });
  return { headers: { "x-publishable-api-key": String(keys[0]?.token) } };
}
