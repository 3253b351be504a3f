// A pending "connect the shipping account" request: the hash of the OAuth
// state sent to the service's authorization page, where the browser goes
// afterwards, and until when. Taken (deleted) once by the callback, so a state
// works a single time, on any instance.
import { model } from "@medusajs/framework/utils";

export const ConnectRequest = model.define("shipbridge_connect_request", {
  id: model.id({ prefix: "sbcon" }).primaryKey(),
  /** sha256 of the state, hex: the state itself is never stored. */
  state_hash: model.text().unique(),
  return_to: model.text(),
  expires_at: model.dateTime(),
});
