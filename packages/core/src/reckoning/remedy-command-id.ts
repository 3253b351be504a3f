// The uuid of the cancel command a reckoning's remedy sends: UUID v5 of the
// package, the reason and the attempt, in REMEDY_COMMAND_NAMESPACE. Applying
// the same remedy twice (a double click, two tabs, a rerun) sends the same
// command, which the service runs once. Attempt 0 is the remedy's own
// `commandId`; a later attempt is sent only after the one before ended
// without cancelling and the package can be cancelled again (apply-remedy.ts).
import { uuidV5 } from "../mapping/order-command-id.ts";
import type { ReckoningFlag } from "./reckoning.ts";

/** The namespace of shipbridge remedy cancel commands. Fixed forever. */
export const REMEDY_COMMAND_NAMESPACE = "fbe95bb6-e6e9-4210-920b-acf8b1bbf437";

export function remedyCommandId(packageId: number, reason: ReckoningFlag, attempt = 0): string {
  const name = `cancel:${packageId}:${reason}${attempt === 0 ? "" : `:${attempt}`}`;
  return uuidV5(name, REMEDY_COMMAND_NAMESPACE);
}
