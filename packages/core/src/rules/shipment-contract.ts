// Which carrier a shipment goes with, and on whose contract. The package names
// its carrier by `service`, or by `service_id`, an account-specific id that
// the account services (GET /account/services) resolve to a carrier and a
// contract kind: "own" (the merchant's own carrier contract) or "furgonetka"
// (the service's contract). A package that names its carrier by `service`
// takes the contract of the account's services of that carrier when they all
// run on the same kind of contract; when they differ, the contract cannot be
// told. An explicit contract option wins over all of that.
import type { ServiceContract } from "../schemas/index.ts";
import type { Draft } from "./draft.ts";
import { currentCarrierName } from "./renamed-fields.ts";

export type { ServiceContract };

/** What the rules need from an account service (see AccountServiceSchema). */
export interface AccountServiceRef {
  readonly id: number;
  readonly service: string;
  readonly service_contract: string;
}

export interface ShipmentContractOptions {
  readonly accountServices?: readonly AccountServiceRef[] | undefined;
  /** The contract kind, when the caller knows it better than the account services. */
  readonly contract?: ServiceContract | undefined;
}

export interface ShipmentContract {
  /** The carrier name, or undefined when it cannot be told. */
  readonly carrier: string | undefined;
  /** The contract kind, or undefined when it cannot be told. */
  readonly contract: ServiceContract | undefined;
}

const indexes = new WeakMap<readonly AccountServiceRef[], ReadonlyMap<number, AccountServiceRef>>();

function indexOf(services: readonly AccountServiceRef[]): ReadonlyMap<number, AccountServiceRef> {
  let index = indexes.get(services);
  if (index === undefined) {
    index = new Map(services.map((service) => [service.id, service]));
    indexes.set(services, index);
  }
  return index;
}

function contractKind(value: unknown): ServiceContract | undefined {
  return value === "own" || value === "furgonetka" ? value : undefined;
}

/** The one contract kind of every account service of `carrier`, or undefined when none or mixed. */
function contractOfCarrier(
  services: readonly AccountServiceRef[],
  carrier: string,
): ServiceContract | undefined {
  let kind: ServiceContract | undefined;
  for (const service of services) {
    if (currentCarrierName(service.service) !== carrier) continue;
    const current = contractKind(service.service_contract);
    if (current === undefined || (kind !== undefined && kind !== current)) return undefined;
    kind = current;
  }
  return kind;
}

/** Resolves the carrier and contract of a package draft. */
export function resolveShipmentContract(
  pkg: Draft | undefined,
  options: ShipmentContractOptions,
): ShipmentContract {
  const serviceId = pkg?.["service_id"];
  const service = pkg?.["service"];
  const account =
    typeof serviceId === "number" && options.accountServices !== undefined
      ? indexOf(options.accountServices).get(serviceId)
      : undefined;
  const carrier =
    typeof service === "string"
      ? currentCarrierName(service)
      : account === undefined
        ? undefined
        : currentCarrierName(account.service);
  if (options.contract !== undefined) return { carrier, contract: options.contract };
  if (account !== undefined) return { carrier, contract: contractKind(account.service_contract) };
  const byName =
    typeof service === "string" && carrier !== undefined && options.accountServices !== undefined
      ? contractOfCarrier(options.accountServices, carrier)
      : undefined;
  return { carrier, contract: byName };
}
