// Input fields and values that the API renamed or removed, each with the
// release that did it. Renamed ones are accepted under the old name with a
// deprecation warning and sent under the new one; removed ones are errors that
// name the field and the release, so a merchant knows what to change.
import type { IssueCollector } from "../issues/issue-collector.ts";
import { joinPath } from "../issues/path.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { type Draft, hasOwn } from "./draft.ts";

export interface RenamedField {
  readonly container: "additional_services";
  readonly from: string;
  readonly to: string;
  readonly since: string;
}

export interface RemovedField {
  /** Where the field sat: the package itself, or one of its sections. */
  readonly container: "package" | "additional_services" | "duty";
  readonly field: string;
  /** The release that removed it, when the change history names one. */
  readonly since?: string;
  /** The field to use instead, if any. */
  readonly replacement?: string;
}

export interface RenamedValue {
  readonly field: "service";
  readonly from: string;
  readonly to: string;
  readonly since: string;
}

export const RENAMED_INPUT_FIELDS: readonly RenamedField[] = Object.freeze([
  {
    container: "additional_services",
    from: "poczta_kurier24",
    to: "poczta_ekspres24",
    since: "v1.0.8",
  },
]);

export const REMOVED_INPUT_FIELDS: readonly RemovedField[] = Object.freeze([
  { container: "additional_services", field: "sending_at_point", since: "v1.0.5" },
  { container: "package", field: "documents_available" },
  { container: "duty", field: "items", replacement: "content" },
]);

/** Carrier names (package `service`, price calculation `services.service`) that changed. */
export const RENAMED_CARRIERS: readonly RenamedValue[] = Object.freeze([
  { field: "service", from: "ruch", to: "orlen", since: "v1.0.19" },
]);

const CARRIER_RENAMES: ReadonlyMap<string, RenamedValue> = new Map(
  RENAMED_CARRIERS.map((rename) => [rename.from, rename]),
);

/** For each draft the renames touched: the new key -> the key the caller wrote. */
const writtenAs = new WeakMap<Draft, Map<string, string>>();

/**
 * The key the caller wrote for `key` of a draft: the old name when a rename
 * moved it there, else `key` itself. Problems are reported where the caller
 * can find them.
 */
export function keyAsWritten(record: Draft, key: string): string {
  return writtenAs.get(record)?.get(key) ?? key;
}

function pathOf(container: RemovedField["container"], field: string): string {
  return container === "package" ? field : joinPath(container, field);
}

/**
 * Moves renamed keys of `record` (a draft of `container`) to their new names,
 * warning about each. When both names are given, the new one wins.
 */
export function applyRenamedFields(
  record: Draft,
  container: RenamedField["container"],
  findings: IssueCollector,
): void {
  for (const rename of RENAMED_INPUT_FIELDS) {
    if (rename.container !== container || !hasOwn(record, rename.from)) continue;
    const value = record[rename.from];
    Reflect.deleteProperty(record, rename.from);
    const path = joinPath(container, rename.from);
    const params = { field: rename.from, replacement: rename.to, version: rename.since };
    if (hasOwn(record, rename.to)) {
      findings.warn(path, RULE_CODES.field_renamed_duplicate, params);
    } else {
      record[rename.to] = value;
      let renames = writtenAs.get(record);
      if (renames === undefined) {
        renames = new Map();
        writtenAs.set(record, renames);
      }
      renames.set(rename.to, rename.from);
      findings.warn(path, RULE_CODES.field_renamed, params);
    }
  }
}

/** Reports every removed field present in `record` (a draft of `container`) and drops it. */
export function rejectRemovedFields(
  record: Draft,
  container: RemovedField["container"],
  findings: IssueCollector,
): void {
  for (const removal of REMOVED_INPUT_FIELDS) {
    if (removal.container !== container || !hasOwn(record, removal.field)) continue;
    Reflect.deleteProperty(record, removal.field);
    findings.error(pathOf(container, removal.field), RULE_CODES.field_removed, {
      field: removal.field,
      version: removal.since ?? "",
      replacement: removal.replacement ?? "",
    });
  }
}

/** The current name of a carrier, or the value itself when it was not renamed. */
export function currentCarrierName(value: string): string {
  return CARRIER_RENAMES.get(value)?.to ?? value;
}

/**
 * Replaces a renamed carrier name at `record[key]` with the current one,
 * warning about it. `path` is where the value sits in the request.
 */
export function applyRenamedCarrier(
  record: Draft,
  key: string,
  path: string,
  findings: IssueCollector,
): void {
  const value = record[key];
  if (typeof value !== "string") return;
  const rename = CARRIER_RENAMES.get(value);
  if (rename === undefined) return;
  record[key] = rename.to;
  findings.warn(path, RULE_CODES.value_renamed, {
    value: rename.from,
    replacement: rename.to,
    version: rename.since,
  });
}

/** The same for a list of carrier names (price calculation `services.service`). */
export function applyRenamedCarriers(
  list: unknown[],
  path: string,
  findings: IssueCollector,
): void {
  for (let index = 0; index < list.length; index++) {
    const value = list[index];
    if (typeof value !== "string") continue;
    const rename = CARRIER_RENAMES.get(value);
    if (rename === undefined) continue;
    list[index] = rename.to;
    findings.warn(joinPath(path, index), RULE_CODES.value_renamed, {
      value: rename.from,
      replacement: rename.to,
      version: rename.since,
    });
  }
}
