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
    ship: (orders, key) => call("POST", "/api/ship", { orders, key }),
    moveClock: (change) => call("POST", "/api/clock", change),
    /** Test orders in `store` (or half in each store when it is null), as a run. */
    sampleRun: (store, count) =>
      call("POST", "/api/orders/samples", { ...(store ? { store } : {}), count, locker: true }),
    sampleRunState: (id) => call("GET", `/api/orders/samples/${encodeURIComponent(id)}`),
    protocols: (batchId) => call("GET", `/api/batches/${encodeURIComponent(batchId)}/protocols`),
    courier: (batchId) => call("GET", `/api/batches/${encodeURIComponent(batchId)}/courier`),
    bookCourier: (batchId, booking) =>
      call("POST", `/api/batches/${encodeURIComponent(batchId)}/courier`, booking),
    cancelPickup: (batchId, store, bookingId) =>
      call(
        "DELETE",
        `/api/batches/${encodeURIComponent(batchId)}/courier/${encodeURIComponent(store)}/${encodeURIComponent(bookingId)}`,
      ),
    reckoning: (day) => call("GET", `/api/reckoning?day=${encodeURIComponent(day)}`),
    applyRemedy: (day, store, packageId) =>
      call(
        "POST",
        `/api/reckoning/${encodeURIComponent(store)}/${encodeURIComponent(packageId)}/remedy?day=${encodeURIComponent(day)}`,
      ),
  };
}
