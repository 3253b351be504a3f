// The options every shipment of the store is bought with: the store's id
// (which names its packages and order commands), the sender, the box, the
// cash-on-delivery account and the lock shared by every instance. The
// provider's fulfillments and the batch use the very same, so a package a
// batch bought is the one a fulfillment of the same order finds.
import type { Language, ShipOrderOptions } from "@shipbridge/core";
import type { Connection } from "./connection.ts";
import type { PluginOptions } from "./options.ts";

export function shipOptions(
  options: PluginOptions,
  connection: Pick<Connection, "store">,
  language: Language,
  from: PluginOptions["sender"] = options.sender,
) {
  return {
    storeId: options.storeId,
    sender: from,
    pickup: options.pickup ?? from,
    parcel: options.parcel,
    lock: connection.store,
    language,
    ...(options.cod === undefined ? {} : { cod: options.cod }),
    ...(options.companyId === undefined ? {} : { companyId: options.companyId }),
  } satisfies ShipOrderOptions;
}
