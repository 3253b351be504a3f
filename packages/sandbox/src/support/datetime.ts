// How the REST API writes instants: ISO 8601 in UTC, to the second
// ("2026-11-22T10:15:00Z"), always from the sandbox clock.
export function isoSeconds(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}
