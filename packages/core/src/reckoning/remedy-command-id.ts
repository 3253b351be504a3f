// The uuid of the cancel command a reckoning's remedy sends: UUID v5 of the
// package and the reason, in REMEDY_COMMAND_NAMESPACE. Applying the same
// remedy twice (a double click, two tabs, a rerun) sends the same command,
// which the service runs once.
import { uuidV5 } from "../mapping/order-command-id.ts";
import type { ReckoningFlag } from "./reckoning.ts";

/** The namespace of shipbridge remedy cancel commands. Fixed forever. */
export const REMEDY_COMMAND_NAMESPACE = "fbe95bb6-e6e9-4210-920b-acf8b1bbf437";

export function remedyCommandId(packageId: number, reason: ReckoningFlag): string {
  return uuidV5(`cancel:${packageId}:${reason}`, REMEDY_COMMAND_NAMESPACE);
}
