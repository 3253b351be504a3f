// Whether the shipping account was ever connected through the service's
// authorization pages: with no tokens stored, a link that exists means the
// tokens were refused or revoked ("reconnect"), none means "not_connected".
import { model } from "@medusajs/framework/utils";

export const AccountLink = model.define("shipbridge_account_link", {
  id: model.id({ prefix: "sbacc" }).primaryKey(),
  /** The token store key of the connection (one per storeId). */
  key: model.text().unique(),
  /** "connected", or "reconnect" once the service refused the tokens. */
  state: model.text(),
});
