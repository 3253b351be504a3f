// Field paths as merchants read them: `receiver.phone`, `parcels[0].weight`.
// Over-long keys are shortened so that a hostile key never floods a message.

const MAX_KEY_LENGTH = 64;

function shorten(key: string): string {
  return key.length > MAX_KEY_LENGTH ? `${key.slice(0, MAX_KEY_LENGTH)}…` : key;
}

/** Appends a key or an array index to a path. */
export function joinPath(base: string, key: string | number): string {
  if (typeof key === "number") return `${base}[${key}]`;
  const part = shorten(key);
  return base === "" ? part : `${base}.${part}`;
}

/** Formats a path given as segments (as zod reports them). */
export function formatPath(segments: readonly PropertyKey[]): string {
  let path = "";
  for (const segment of segments) {
    path = joinPath(path, typeof segment === "symbol" ? String(segment.description) : segment);
  }
  return path;
}
