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

/**
 * The account's services in either form it is met in: the answer of
 * GET /account/services (`client.account.services()`, `{ services }`) or its
 * `services` list.
 */
export type AccountServicesInput =
  | readonly AccountServiceRef[]
  | { readonly services: readonly AccountServiceRef[] };

/** Where a value departs from both forms of AccountServicesInput, and what was expected there. */
export interface AccountServicesProblem {
  /** Relative to the value: "", "services", "[2].id", "services[0].service". */
  readonly path: string;
  readonly expected: "array" | "object" | "number" | "string";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The first problem of a value given as the account services, or undefined when it is either form. */
export function accountServicesProblem(value: unknown): AccountServicesProblem | undefined {
  const inResponse = isRecord(value);
  const list = inResponse ? value["services"] : value;
  const prefix = inResponse ? "services" : "";
  if (!Array.isArray(list)) return { path: prefix, expected: "array" };
  for (const [i, entry] of list.entries()) {
    const at = `${prefix}[${i}]`;
    if (!isRecord(entry)) return { path: at, expected: "object" };
    if (typeof entry["id"] !== "number") return { path: `${at}.id`, expected: "number" };
    if (typeof entry["service"] !== "string") return { path: `${at}.service`, expected: "string" };
    if (typeof entry["service_contract"] !== "string") {
      return { path: `${at}.service_contract`, expected: "string" };
    }
  }
  return undefined;
}

/** The list of either form; undefined when absent or not the account services (callers report that). */
export function accountServiceList(value: unknown): readonly AccountServiceRef[] | undefined {
  if (value === undefined || accountServicesProblem(value) !== undefined) return undefined;
  return Array.isArray(value) ? value : (value as { services: AccountServiceRef[] }).services;
}

export interface ShipmentContractOptions {
  readonly accountServices?: AccountServicesInput | undefined;
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
  const services = accountServiceList(options.accountServices);
  const account =
    typeof serviceId === "number" && services !== undefined
      ? indexOf(services).get(serviceId)
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
    typeof service === "string" && carrier !== undefined && services !== undefined
      ? contractOfCarrier(services, carrier)
      : undefined;
  return { carrier, contract: byName };
}
