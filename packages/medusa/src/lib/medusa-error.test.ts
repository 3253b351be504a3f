// How each kind of error leaves the plugin: a MedusaError whose type gives
// Medusa's status (invalid_data and not_allowed 400, not_found 404,
// unexpected_state 500), with a code, every issue's path and rule in the
// message, and no `issues` property for Medusa's handler to crash on.
import { MedusaError } from "@medusajs/framework/utils";
import {
  ConflictError,
  CourierError,
  DocumentsError,
  NotFoundError,
  RateLimitError,
  ServiceError,
  ValidationApiError,
  ValidationError,
} from "@shipbridge/core";
import { describe, expect, it } from "vitest";
import { isInvalidShipment } from "./invalid-shipment.ts";
import { issueLines } from "./issue-lines.ts";
import { asMedusaError } from "./medusa-error.ts";
import { PluginError } from "./plugin-error.ts";

const request = { method: "GET", path: "/packages/7/label" };

function shape(error: unknown) {
  const converted = asMedusaError(error, "en_GB");
  expect(converted).toBeInstanceOf(MedusaError);
  expect("issues" in converted).toBe(false);
  return { type: converted.type, code: converted.code, message: converted.message };
}

describe("asMedusaError", () => {
  it("turns core's validation into a 400 naming every path and rule", () => {
    const error = new ValidationError([
      { path: "order.shipping_address.phone", rule: "phone_invalid", message: "Bad phone." },
      { path: "order.shipping_address.street", rule: "house_number_missing", message: "No no." },
    ]);
    expect(shape(error)).toEqual({
      type: "invalid_data",
      code: "validation_failed",
      message:
        "order.shipping_address.phone phone_invalid: Bad phone.; order.shipping_address.street house_number_missing: No no.",
    });
    expect(isInvalidShipment(error)).toBe(true);
  });

  it("keeps the service's refusals as 4xx with its code, and what may pass later as 500", () => {
    const rejected = new ValidationApiError("rejected", {
      ...request,
      status: 400,
      issues: [{ path: "receiver.point", rule: "point_unavailable", message: "Closed." }],
    });
    // Refused when reading the ordered package or its label: maybe paid, not final.
    expect(isInvalidShipment(rejected)).toBe(false);
    const refusedAtCreation = new ValidationApiError("rejected", {
      method: "POST",
      path: "/packages",
      status: 400,
      issues: [{ path: "receiver.point", rule: "point_unavailable", message: "Closed." }],
    });
    expect(isInvalidShipment(refusedAtCreation)).toBe(true);
    expect(shape(rejected)).toMatchObject({
      type: "invalid_data",
      code: "rejected_by_service",
      message: "receiver.point point_unavailable: Closed.",
    });
    const cancelled = new ConflictError("Package 7 was cancelled; it has no label.", {
      ...request,
      status: 409,
      code: "package_canceled",
    });
    expect(shape(cancelled)).toEqual({
      type: "not_allowed",
      code: "package_canceled",
      message: "Package 7 was cancelled; it has no label.",
    });
    expect(shape(new NotFoundError("No package 7.", { ...request, status: 404 }))).toMatchObject({
      type: "not_found",
      code: "not_found",
    });
    for (const error of [
      new ServiceError("Down.", { ...request, status: 503 }),
      new RateLimitError("Slow down.", { ...request, status: 429 }),
    ]) {
      expect(shape(error).type).toBe("unexpected_state");
      expect(isInvalidShipment(error)).toBe(false);
    }
  });

  it("gives the plugin's refusals their type, and hides an unknown error's text", () => {
    expect(shape(new PluginError("point_closed", "invalid_data", "WAW03M closed"))).toEqual({
      type: "invalid_data",
      code: "point_closed",
      message: "WAW03M closed",
    });
    const plain = shape(new Error("/srv/app/secret.ts:12 exploded"));
    expect(plain).toMatchObject({ type: "unexpected_state", code: "unexpected_error" });
    expect(plain.message).not.toMatch(/secret|exploded/);
    const withIssues = Object.assign(new MedusaError("invalid_data", "bad"), { issues: ["x"] });
    expect(shape(withIssues).type).toBe("invalid_data");
  });

  it("keeps a MedusaError a workflow step threw, which reaches the route serialized", () => {
    // What Medusa's workflow engine hands back: a plain object, no longer a MedusaError.
    const serialized = {
      message: "key: batch sbbat_1 was started with this key for other orders",
      name: "Error",
      stack: "Error: key ...\n    at existing (/srv/app/service.js:124:23)",
      __isMedusaError: true,
      type: "invalid_data",
      code: "batch_key_reused",
    };
    expect(shape(serialized)).toEqual({
      type: "invalid_data",
      code: "batch_key_reused",
      message: "key: batch sbbat_1 was started with this key for other orders",
    });
  });

  it("answers a file or courier the service refused for every package with each reason", () => {
    const skipped = [{ packageId: 7, rule: "package_not_ordered", message: "Not ordered." }];
    const documents = new DocumentsError("no_documents", "No file: every package refused.", {
      commandId: "c",
      skipped,
    });
    expect(shape(documents)).toEqual({
      type: "not_allowed",
      code: "no_documents",
      message: "No file: every package refused. (7 package_not_ordered)",
    });
    const courier = new CourierError("pickup_refused", "No courier was booked.", {
      commandId: "c",
      skipped,
    });
    expect(shape(courier)).toMatchObject({ type: "not_allowed", code: "pickup_refused" });
  });

  it("lists issues without a path as their rule alone", () => {
    expect(issueLines([{ path: "", rule: "service", message: "No." }])).toBe("service: No.");
  });
});
