// How the extensions talk to the app: JSON over fetch to `/extension-api`.
// In the admin, a relative URL goes to the app's own address with
// Shopify's ID token added by the admin; the buyer's pages send the
// session token themselves (`bearer`). A refusal is the app's JSON (code,
// message and both languages, and each issue); the app not answering at
// all is a refusal of its own, in both languages.
export type Language = "en" | "pl";

export interface Issue {
  readonly path: string;
  readonly rule: string;
  readonly message: string;
}

export interface Refusal {
  readonly error: string;
  readonly message: string;
  readonly messages: { readonly en: string; readonly pl: string };
  readonly issues?: readonly Issue[];
}

export type Answer<T> =
  | { readonly ok: true; readonly status: number; readonly data: T }
  | { readonly ok: false; readonly status: number; readonly refusal: Refusal };

const UNREACHABLE: Refusal = {
  error: "unreachable",
  message: "The app cannot be reached: try again in a moment.",
  messages: {
    en: "The app cannot be reached: try again in a moment.",
    pl: "Nie można połączyć się z aplikacją: spróbuj ponownie za chwilę.",
  },
};

/** The numeric id of a GID (`gid://shopify/Order/1` gives `1`), or the value as it is. */
export function numericId(gid: string | undefined): string {
  return /(\d+)$/.exec(gid ?? "")?.[1] ?? "";
}

export async function appJson<T>(
  url: string,
  options: { method?: "GET" | "POST"; body?: unknown; bearer?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  } catch {
    return { ok: false, status: 0, refusal: UNREACHABLE };
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    return { ok: false, status: response.status, refusal: UNREACHABLE };
  }
  return response.ok
    ? { ok: true, status: response.status, data: data as T }
    : { ok: false, status: response.status, refusal: data as Refusal };
}

/** The refusal's message in `language`. */
export function refusalText(refusal: Refusal, language: Language): string {
  return refusal.messages?.[language] ?? refusal.message;
}
