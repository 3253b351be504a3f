// Tests of how an HTTP answer becomes the error class of its status, with the service's issues.
import { describe, expect, it } from "vitest";
import {
  API_ERROR_CODES,
  AuthenticationError,
  ConflictError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServiceError,
  ValidationApiError,
} from "./api-error.ts";
import { errorFromResponse, issuesOf } from "./error-from-response.ts";

const context = {
  method: "POST",
  path: "/packages",
  now: () => Date.parse("2026-09-01T12:00:00Z"),
};

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

describe("errorFromResponse", () => {
  it("maps each status to its class", () => {
    const classes = [
      [400, ValidationApiError],
      [422, ValidationApiError],
      [401, AuthenticationError],
      [403, PermissionError],
      [404, NotFoundError],
      [409, ConflictError],
      [429, RateLimitError],
      [502, ServiceError],
      [503, ServiceError],
    ] as const;
    for (const [status, type] of classes) {
      const error = errorFromResponse(answer(status, {}), {}, context);
      expect(error, String(status)).toBeInstanceOf(type);
      expect(error.status).toBe(status);
    }
    expect(errorFromResponse(answer(415, {}), {}, context).code).toBe(API_ERROR_CODES.api_error);
  });

  it("turns the service's errors[] into issues with paths, and keeps the body", () => {
    const body = {
      code: "validation_failed",
      message: "The package is invalid",
      errors: [
        { path: "receiver.phone", rule: "phone", message: "9 digits" },
        { path: "parcels[0].weight", message: "too heavy" },
      ],
    };
    const error = errorFromResponse(answer(400, body, { "x-request-id": "req-1" }), body, context);
    expect(error).toBeInstanceOf(ValidationApiError);
    const v = error as ValidationApiError;
    expect(v.issues).toEqual([
      { path: "receiver.phone", rule: "phone", message: "9 digits" },
      { path: "parcels[0].weight", rule: "service", message: "too heavy" },
    ]);
    expect(v.requestId).toBe("req-1");
    expect(v.serviceCode).toBe("validation_failed");
    expect(v.body).toEqual(body);
    expect(v.message).toContain("receiver.phone: 9 digits");
  });

  it("reads Retry-After into RateLimitError.retryAfter (seconds)", () => {
    const error = errorFromResponse(answer(429, {}, { "retry-after": "7" }), {}, context);
    expect((error as RateLimitError).retryAfter).toBe(7);
  });

  it("keeps response headers but never cookies", () => {
    const error = errorFromResponse(
      answer(500, {}, { "set-cookie": "session=secret", "x-request-id": "r" }),
      {},
      context,
    );
    expect(error.headers["x-request-id"]).toBe("r");
    expect(error.headers["set-cookie"]).toBeUndefined();
  });

  it("is tolerant of odd error entries", () => {
    expect(issuesOf({ errors: [{ path: ["a", 0, "b"], message: "x" }, "plain"] })).toEqual([
      { path: "a[0].b", rule: "service", message: "x" },
      { path: "", rule: "service", message: "plain" },
    ]);
    expect(issuesOf("not json")).toEqual([]);
  });
});
