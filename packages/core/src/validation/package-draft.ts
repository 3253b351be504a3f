// The draft of a package that rules work on: a copy of the caller's input in
// which the package and every section a rule may normalize (addresses,
// additional services, COD, duty, each parcel) is a fresh shallow copy. The
// caller's data is never changed.
import { asRecord, type Draft } from "../rules/draft.ts";

const SECTIONS = ["pickup", "sender", "receiver", "additional_services", "duty"] as const;

/** A draft of a package, or undefined when the input is not an object. */
export function draftPackage(input: unknown): Draft | undefined {
  const source = asRecord(input);
  if (source === undefined) return undefined;
  const draft: Draft = { ...source };
  for (const section of SECTIONS) {
    const value = asRecord(draft[section]);
    if (value !== undefined) draft[section] = { ...value };
  }
  const services = asRecord(draft["additional_services"]);
  const cod = asRecord(services?.["cod"]);
  if (services !== undefined && cod !== undefined) services["cod"] = { ...cod };
  const parcels = draft["parcels"];
  if (Array.isArray(parcels)) {
    draft["parcels"] = parcels.map((parcel: unknown) => {
      const record = asRecord(parcel);
      return record === undefined ? parcel : { ...record };
    });
  }
  return draft;
}
