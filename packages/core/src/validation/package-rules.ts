// The order in which the rules run over a package draft. A shipment (add, edit,
// validate) gets every rule; a price quote gets those that make sense before a
// carrier is chosen and before the receiver is known in full.

import type { IssueCollector } from "../issues/issue-collector.ts";
import { joinPath } from "../issues/path.ts";
import { checkAddressRules } from "../rules/address-rules.ts";
import { checkCashOnDelivery } from "../rules/cash-on-delivery.ts";
import { checkContractAddresses } from "../rules/contract-addresses.ts";
import type { CountryLookup } from "../rules/countries.ts";
import { checkDeliveryTime } from "../rules/delivery-time.ts";
import { normalizeDigitalLabel } from "../rules/digital-label.ts";
import { asRecord, type Draft } from "../rules/draft.ts";
import { checkParcelDimensions } from "../rules/parcel-dimensions.ts";
import { checkParcelWeight } from "../rules/parcel-weight.ts";
import { checkPostalExpressDefault } from "../rules/postal-express-default.ts";
import { checkPostalOwnContractFlags } from "../rules/postal-own-contract-flags.ts";
import {
  applyRenamedCarrier,
  applyRenamedFields,
  rejectRemovedFields,
} from "../rules/renamed-fields.ts";
import { checkServiceFlags } from "../rules/service-flags.ts";
import type { ShipmentContract } from "../rules/shipment-contract.ts";

const ADDRESSES = ["pickup", "sender", "receiver"] as const;

export interface PackageRuleContext {
  readonly findings: IssueCollector;
  readonly countries: CountryLookup;
  /** Absent for a price quote, which names no single carrier. */
  readonly shipment?: ShipmentContract;
  /** The current time, read once from the caller's clock. Absent for a quote. */
  readonly now?: Date;
}

/** Renames, removals and legacy values: they must run before anything reads the draft. */
export function applyHistoryRules(pkg: Draft, findings: IssueCollector): void {
  rejectRemovedFields(pkg, "package", findings);
  applyRenamedCarrier(pkg, "service", "service", findings);
  const services = asRecord(pkg["additional_services"]);
  if (services !== undefined) {
    rejectRemovedFields(services, "additional_services", findings);
    applyRenamedFields(services, "additional_services", findings);
    normalizeDigitalLabel(services, findings);
  }
  const duty = asRecord(pkg["duty"]);
  if (duty !== undefined) rejectRemovedFields(duty, "duty", findings);
}

/**
 * Addresses, parcels and COD: the input rules merchants trip over. The
 * addresses get the rules of address-rules.ts, the ones checkAddress runs.
 */
export function applyInputRules(pkg: Draft, context: PackageRuleContext, quote: boolean): void {
  const { findings, countries } = context;
  for (const key of ADDRESSES) {
    const address = asRecord(pkg[key]);
    if (address === undefined) continue;
    checkAddressRules(address, key, key, findings, { countries, quote });
  }
  const parcels = pkg["parcels"];
  if (Array.isArray(parcels)) {
    for (let index = 0; index < parcels.length; index++) {
      const parcel = asRecord(parcels[index]);
      if (parcel === undefined) continue;
      const path = joinPath("parcels", index);
      checkParcelDimensions(parcel, path, findings);
      checkParcelWeight(parcel, path, findings);
    }
  }
  const services = asRecord(pkg["additional_services"]);
  if (services === undefined) return;
  const cod = asRecord(services["cod"]);
  if (cod !== undefined) checkCashOnDelivery(cod, findings);
  checkDeliveryTime(services, findings);
}

/** Carrier-specific rules: service flags, the postal own-contract rules, contract addresses. */
export function applyCarrierRules(pkg: Draft, context: PackageRuleContext): void {
  const { findings, shipment, now } = context;
  if (shipment === undefined || now === undefined) return;
  const services = asRecord(pkg["additional_services"]);
  if (services !== undefined) checkServiceFlags(services, shipment.carrier, findings);
  checkPostalOwnContractFlags(services, shipment, now, findings);
  checkPostalExpressDefault(services, shipment, findings);
  checkContractAddresses(pkg, shipment, findings);
}
