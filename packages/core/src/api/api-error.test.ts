// Tests of the REST client's error classes: codes, fields, guards across realms, and no secrets.
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { isShipbridgeError, ShipbridgeError } from "../errors/shipbridge-error.ts";
import {
  API_ERROR_CODES,
  ApiError,
  isApiError,
  isNotFoundError,
  isRateLimitError,
  isTimeoutError,
  isValidationApiError,
  NotFoundError,
  RateLimitError,
  TimeoutError,
  ValidationApiError,
} from "./api-error.ts";

const where = { method: "GET", path: "/packages/1" };

describe("ApiError hierarchy", () => {
  it("roots every class in ShipbridgeError with a stable code", () => {
    const error = new NotFoundError("Not found", { ...where, status: 404 });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(ShipbridgeError);
    expect(isShipbridgeError(error)).toBe(true);
    expect(error.code).toBe(API_ERROR_CODES.not_found);
    expect(error.name).toBe("NotFoundError");
    expect(error.status).toBe(404);
    expect(error.method).toBe("GET");
    expect(error.path).toBe("/packages/1");
  });

  it("keeps issues, retryAfter and the deadline code on their classes", () => {
    const validation = new ValidationApiError("bad", {
      ...where,
      issues: [{ path: "receiver.phone", rule: "phone", message: "9 digits" }],
    });
    expect(validation.issues[0]?.path).toBe("receiver.phone");
    expect(new RateLimitError("slow down", { ...where, retryAfter: 3 }).retryAfter).toBe(3);
    const late = new TimeoutError(API_ERROR_CODES.deadline_exceeded, "late", where);
    expect(isTimeoutError(late)).toBe(true);
    expect(late.code).toBe("deadline_exceeded");
  });

  it("guards tell the classes apart by code, not by instanceof", () => {
    const error = new RateLimitError("slow down", where);
    expect(isRateLimitError(error)).toBe(true);
    expect(isNotFoundError(error)).toBe(false);
    expect(isValidationApiError(new Error("plain"))).toBe(false);
    expect(isApiError(null)).toBe(false);
    expect(isApiError({ code: "not_found" })).toBe(false);
  });

  it("guards recognise an error made in another realm", () => {
    const foreign = runInNewContext(`
      const e = new Error("Not found");
      Object.defineProperty(e, Symbol.for("shipbridge.api_error"), { value: "api" });
      e.code = "not_found";
      e;
    `);
    expect(foreign instanceof ApiError).toBe(false);
    expect(isApiError(foreign)).toBe(true);
    expect(isNotFoundError(foreign)).toBe(true);
  });
});
