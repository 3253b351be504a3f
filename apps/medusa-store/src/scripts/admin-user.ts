// The store's admin user, made once: a Medusa user and its email-and-password
// login (as `medusa user -e -p` makes it), for the setup scripts that run in
// `medusa exec`. A user that exists already is left as it is.
import type { MedusaContainer } from "@medusajs/framework/types";
import { Modules } from "@medusajs/framework/utils";
import { createUsersWorkflow } from "@medusajs/medusa/core-flows";

export async function ensureAdminUser(
  container: MedusaContainer,
  email: string,
  password: string,
): Promise<void> {
  const users = container.resolve(Modules.USER);
  if ((await users.listUsers({ email })).length > 0) return;
  const {
    result: [user],
  } = await createUsersWorkflow(container).run({ input: { users: [{ email }] } });
  const auth = container.resolve(Modules.AUTH);
  const { authIdentity, error } = await auth.register("emailpass", { body: { email, password } });
  if (error || !authIdentity || !user) throw new Error(`creating the admin user failed: ${error}`);
  await auth.updateAuthIdentities({ id: authIdentity.id, app_metadata: { user_id: user.id } });
}
