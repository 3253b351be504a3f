// The deterministic uuid of one order command of a batch: UUID v5, in the
// namespace of shipOrder's order commands, of
// `:batch:${storeId}:${batchId}:${chunk}:${attempt}`. Chunk `chunk` holds the
// orders at positions chunk × chunkSize … of the batch; attempt 0 is its first
// command, and each later attempt orders what the ones before it left
// unordered (a closed point, another run holding some of its orders). A rerun
// of the batch looks each attempt up before sending anything, so a command is
// never sent twice and a uuid never carries two bodies.
//
// The account (companyId) is not part of the name, as it is not of
// shipOrder's: a storeId names one store of one account. Run under another
// account, the same names meet the uuids the first one used, which the
// service refuses (409) and shipBatch reports instead of sending again.
//
// The name starts with a colon: shipOrder's names start with the store id,
// which is never empty, so no order of any store can share a batch's uuid.
import { ORDER_COMMAND_NAMESPACE, uuidV5 } from "../mapping/order-command-id.ts";

export function chunkCommandId(
  storeId: string,
  batchId: string,
  chunk: number,
  attempt: number,
): string {
  return uuidV5(`:batch:${storeId}:${batchId}:${chunk}:${attempt}`, ORDER_COMMAND_NAMESPACE);
}
