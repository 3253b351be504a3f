// The dashboard's calls to the demo server's JSON API. Every call names the
// language, so messages and problems come back in the one shown.

/** An error answered by the API: `code`, `message` and, for bad input, `issues`. */
export class ApiError extends Error {
  constructor(status, body) {
    super(body?.error?.message ?? `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.code = body?.error?.code ?? "http_error";
    this.issues = body?.error?.issues ?? [];
  }
}

/** Thrown when the server cannot be reached at all. */
export class NetworkError extends Error {
  constructor(cause) {
    super("network error", { cause });
    this.name = "NetworkError";
  }
}

export function createApi(getLanguage) {
  async function call(method, path, body) {
    const url = new URL(path, window.location.origin);
    url.searchParams.set("lang", getLanguage());
    let response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: "application/json",
          "accept-language": getLanguage(),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new NetworkError(error);
    }
    const text = await response.text();
    let parsed = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!response.ok) throw new ApiError(response.status, parsed);
    return parsed;
  }
  return {
    state: () => call("GET", "/api/state"),
    orders: () => call("GET", "/api/orders"),
    stats: () => call("GET", "/api/stats"),
    batches: () => call("GET", "/api/batches"),
    batch: (id) => call("GET", `/api/batches/${encodeURIComponent(id)}`),
    ship: (orders) => call("POST", "/api/ship", { orders }),
    moveClock: (change) => call("POST", "/api/clock", change),
    sampleOrders: (store, count) =>
      call("POST", "/api/orders/sample", { store, count, locker: true }),
  };
}
