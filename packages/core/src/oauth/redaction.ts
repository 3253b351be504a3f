// How OAuth objects that hold secrets show themselves: util.inspect, String()
// and JSON.stringify get a summary without the client secret or any token.
/** The symbol util.inspect looks for; taken from the global registry so no node:util import is needed. */
export const INSPECT = Symbol.for("nodejs.util.inspect.custom");

export const REDACTED = "[redacted]";

/** A one-line `Name { key: value, ... }` summary of non-secret fields. */
export function describe(name: string, fields: Record<string, unknown>): string {
  const parts = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === "string" ? JSON.stringify(value) : String(value)}`,
    );
  return `${name} { ${parts.join(", ")} }`;
}
