// Safe reading of not-yet-validated input. Rules run on a draft: a copy of the
// caller's input in which every object on the way to a checked field is a fresh,
// shallow copy, so rules may normalize values without touching the caller's data.

/** A JSON-like object read from the input. */
export type Draft = Record<string, unknown>;

/** The value as a plain object (not an array, class instance or null), or undefined. */
export function asRecord(value: unknown): Draft | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null ? (value as Draft) : undefined;
}

/** A shallow copy of a plain object, or the value itself when it is not one. */
export function copyRecord(value: unknown): unknown {
  const record = asRecord(value);
  return record === undefined ? value : { ...record };
}

/** True when an additional-service flag is requested: present and not null, false or "". */
export function isRequested(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false && value !== "";
}

/** True for an own property, never one inherited through the prototype chain. */
export function hasOwn(record: Draft, key: string): boolean {
  return Object.hasOwn(record, key);
}
