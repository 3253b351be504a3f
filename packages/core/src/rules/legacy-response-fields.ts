// Fields the service removed from, or renamed in, its answers. The table
// documents each one; the upgrade functions read an answer that still carries
// a legacy field into the current form (copying, never mutating the input) and
// report a `legacy_field_read` warning for each field they read or drop.

import type { IssueCollector } from "../issues/issue-collector.ts";
import type { Language } from "../issues/language.ts";
import { joinPath } from "../issues/path.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { asRecord, type Draft, hasOwn } from "./draft.ts";
import { RENAMED_CARRIERS, RENAMED_INPUT_FIELDS } from "./renamed-fields.ts";

export interface LegacyResponseField {
  /** The answer structure (as the schemas name it). */
  readonly structure: string;
  readonly field: string;
  /** The field that holds the data now; absent when the data is simply gone. */
  readonly replacement?: string;
  readonly since?: string;
  readonly note: string;
}

export const LEGACY_RESPONSE_FIELDS: readonly LegacyResponseField[] = Object.freeze([
  {
    structure: "Package",
    field: "documents_available",
    note: "Removed; the package's documents and documents_url tell what exists.",
  },
  {
    structure: "CalculatePriceResponse.services_prices[]",
    field: "access",
    note: "Removed; it always returned null.",
  },
  {
    structure: "DutyOut",
    field: "items",
    replacement: "content",
    note: "Marked unsupported and replaced by content, a description of the goods.",
  },
  {
    structure: "MessageV2",
    field: "content_pl",
    replacement: "content",
    note: "Version 2 answers carry one content in the X-Language language.",
  },
  {
    structure: "MessageV2",
    field: "content_en",
    replacement: "content",
    note: "Version 2 answers carry one content in the X-Language language.",
  },
  {
    structure: "CountryListResponse",
    field: "countries",
    replacement: "list",
    note: "list holds ISO 3166-1 alpha-2 codes without names; clients translate names.",
  },
  {
    structure: "AdditionalServicesOut",
    field: "poczta_kurier24",
    replacement: "poczta_ekspres24",
    since: "v1.0.8",
    note: "Renamed.",
  },
  {
    structure: "AdditionalServicesOut",
    field: "sending_at_point",
    since: "v1.0.5",
    note: "Removed.",
  },
]);

function warn(findings: IssueCollector, path: string, field: string, replacement = ""): void {
  findings.warn(path, RULE_CODES.legacy_field_read, { field, replacement });
}

function without(record: Draft, field: string): Draft {
  const copy = { ...record };
  Reflect.deleteProperty(copy, field);
  return copy;
}

/** Reads a country list answer that has `countries` but no `list`. */
export function upgradeCountryList(body: unknown, findings: IssueCollector): unknown {
  const record = asRecord(body);
  if (record === undefined || !hasOwn(record, "countries")) return body;
  if (Array.isArray(record["list"])) return body;
  const countries = record["countries"];
  let list: string[] = [];
  if (Array.isArray(countries)) {
    list = countries.flatMap((entry): string[] => {
      if (typeof entry === "string") return [entry];
      const item = asRecord(entry);
      const code = item?.["country_code"] ?? item?.["code"];
      return typeof code === "string" ? [code] : [];
    });
  } else {
    const map = asRecord(countries);
    if (map !== undefined) list = Object.keys(map);
  }
  warn(findings, "countries", "countries", "list");
  return { ...record, list };
}

/** Reads a message that has content_pl/content_en but no content, in the caller's language. */
export function upgradeMessage(
  message: unknown,
  language: Language,
  path: string,
  findings: IssueCollector,
): unknown {
  const record = asRecord(message);
  if (record === undefined || typeof record["content"] === "string") return message;
  const pl = record["content_pl"];
  const en = record["content_en"];
  if (typeof pl !== "string" && typeof en !== "string") return message;
  const order = language === "pl_PL" ? ["content_pl", "content_en"] : ["content_en", "content_pl"];
  const field = order.find((key) => typeof record[key] === "string") ?? "content_pl";
  warn(findings, path, field, "content");
  return { ...record, content: record[field] };
}

/** Reads every message of a messages answer. */
export function upgradeMessages(
  body: unknown,
  language: Language,
  findings: IssueCollector,
): unknown {
  const record = asRecord(body);
  const messages = record?.["messages"];
  if (record === undefined || !Array.isArray(messages)) return body;
  return {
    ...record,
    messages: messages.map((message, index) =>
      upgradeMessage(message, language, joinPath("messages", index), findings),
    ),
  };
}

function describeItem(item: unknown): string | undefined {
  if (typeof item === "string") return item;
  const record = asRecord(item);
  const text = record?.["description"] ?? record?.["name"] ?? record?.["content"];
  return typeof text === "string" ? text : undefined;
}

/** Reads a duty section that has `items` but no `content`. */
export function upgradeDuty(duty: unknown, path: string, findings: IssueCollector): unknown {
  const record = asRecord(duty);
  if (record === undefined || !hasOwn(record, "items")) return duty;
  const rest = without(record, "items");
  warn(findings, joinPath(path, "items"), "items", "content");
  if (typeof rest["content"] === "string") return rest;
  const items = record["items"];
  const parts = Array.isArray(items) ? items.map(describeItem) : [describeItem(items)];
  const content = parts.filter((part): part is string => part !== undefined).join(", ");
  return { ...rest, content };
}

/** Drops the removed `access` of every entry of a price calculation answer. */
export function upgradeServicesPrices(body: unknown, findings: IssueCollector): unknown {
  const record = asRecord(body);
  const prices = record?.["services_prices"];
  if (record === undefined || !Array.isArray(prices)) return body;
  return {
    ...record,
    services_prices: prices.map((entry, index) => {
      const price = asRecord(entry);
      if (price === undefined || !hasOwn(price, "access")) return entry;
      warn(findings, joinPath(joinPath("services_prices", index), "access"), "access");
      return without(price, "access");
    }),
  };
}

/**
 * Reads a package answer: drops documents_available, renames legacy
 * additional-service flags, drops removed ones, and names renamed carriers
 * by their current name.
 */
export function upgradePackage(body: unknown, findings: IssueCollector): unknown {
  let record = asRecord(body);
  if (record === undefined) return body;
  if (hasOwn(record, "documents_available")) {
    record = without(record, "documents_available");
    warn(findings, "documents_available", "documents_available");
  }
  const service = record["service"];
  const carrierRename = RENAMED_CARRIERS.find((rename) => rename.from === service);
  if (carrierRename !== undefined) {
    record = { ...record, service: carrierRename.to };
    warn(findings, "service", carrierRename.from, carrierRename.to);
  }
  const services = asRecord(record["additional_services"]);
  if (services !== undefined) {
    let upgraded = services;
    for (const rename of RENAMED_INPUT_FIELDS) {
      if (!hasOwn(upgraded, rename.from)) continue;
      const value = upgraded[rename.from];
      upgraded = without(upgraded, rename.from);
      if (!hasOwn(upgraded, rename.to)) upgraded[rename.to] = value;
      warn(findings, joinPath("additional_services", rename.from), rename.from, rename.to);
    }
    if (hasOwn(upgraded, "sending_at_point")) {
      upgraded = without(upgraded, "sending_at_point");
      warn(findings, "additional_services.sending_at_point", "sending_at_point");
    }
    if (upgraded !== services) record = { ...record, additional_services: upgraded };
  }
  const duty = record["duty"];
  if (duty !== undefined) {
    const upgradedDuty = upgradeDuty(duty, "duty", findings);
    if (upgradedDuty !== duty) record = { ...record, duty: upgradedDuty };
  }
  return record;
}
