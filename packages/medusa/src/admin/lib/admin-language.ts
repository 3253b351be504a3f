// The language the merchant chose in Medusa's admin (its profile keeps it in
// the `lng` cookie and local storage): the plugin's screens speak Polish when
// the admin does, English otherwise.
export type AdminLanguage = "en" | "pl";

function fromCookie(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const entry = document.cookie.split("; ").find((part) => part.startsWith("lng="));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(4));
}

function fromStorage(): string | undefined {
  try {
    return globalThis.localStorage?.getItem("lng") ?? undefined;
  } catch {
    return undefined;
  }
}

/** "pl" when the admin is in Polish, else "en". */
export function adminLanguage(): AdminLanguage {
  const chosen = (fromCookie() ?? fromStorage() ?? "").toLowerCase();
  return chosen.startsWith("pl") ? "pl" : "en";
}
