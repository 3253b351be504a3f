// Calls of the plugin's admin routes from the admin's pages: the admin's
// session cookie, the admin's language (the routes answer their refusals in
// it), and a refusal turned into an Error carrying the route's message.
import { adminLanguage } from "./admin-language.ts";

export class AdminRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(status: number, message: string, code: string | undefined) {
    super(message);
    this.name = "AdminRequestError";
    this.status = status;
    this.code = code;
  }
}

/** A request of the admin API: the session cookie, the language, a JSON body. */
export async function adminRequest(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Response> {
  const response = await fetch(path, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    credentials: "include",
    headers: {
      "accept-language": adminLanguage(),
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (response.ok) return response;
  const text = await response.text();
  let message = text || `HTTP ${response.status}`;
  let code: string | undefined;
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    if (typeof body.message === "string") message = body.message;
    if (typeof body.code === "string") code = body.code;
  } catch {
    // Not JSON: the text as it came.
  }
  throw new AdminRequestError(response.status, message, code);
}

/** The JSON answer of an admin route. */
export async function adminJson<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  return (await (await adminRequest(path, init)).json()) as T;
}

/** Saves a file the browser holds (a label, a protocol) under `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
