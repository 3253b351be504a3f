// Tests of the deterministic order command uuid.
import { describe, expect, it } from "vitest";
import { RULE_CODES, ValidationError } from "../validation/index.ts";
import {
  ORDER_COMMAND_NAMESPACE,
  orderCommandId,
  orderRetryCommandId,
  uuidV5,
} from "./order-command-id.ts";

const DNS_NAMESPACE = "6ba7b810-9dad-11d1-80b4-00c04fd430c8";

describe("uuidV5", () => {
  it("matches the published UUID v5 of www.example.com in the DNS namespace", () => {
    expect(uuidV5("www.example.com", DNS_NAMESPACE)).toBe("2ed6657d-e927-568b-95e1-2665a8aea6a2");
  });

  it("sets the version 5 and RFC variant bits", () => {
    const id = uuidV5("anything", ORDER_COMMAND_NAMESPACE);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("rejects a namespace that is not a uuid", () => {
    expect(issuesOf(() => uuidV5("x", "not-a-uuid"))).toEqual([
      { path: "namespace", rule: RULE_CODES.invalid_format },
    ]);
  });
});

describe("orderCommandId", () => {
  it("is stable for the same store and order", () => {
    expect(orderCommandId("shop-1", "1001")).toBe(orderCommandId("shop-1", "1001"));
  });

  it("differs between stores and between orders", () => {
    const ids = new Set([
      orderCommandId("shop-1", "1001"),
      orderCommandId("shop-2", "1001"),
      orderCommandId("shop-1", "1002"),
      orderCommandId("shop-1", "gid://shopify/Order/1001"),
    ]);
    expect(ids.size).toBe(4);
  });

  it('equals UUID v5 of "storeId:orderId" in the shipbridge namespace', () => {
    expect(orderCommandId("shop-1", "1001")).toBe(uuidV5("shop-1:1001", ORDER_COMMAND_NAMESPACE));
  });

  it("refuses a store id with a colon, which would make names ambiguous", () => {
    expect(() => orderCommandId("shop:1", "1")).toThrow(/":".*reserved/);
    expect(issuesOf(() => orderCommandId("shop:1", "1"))).toEqual([
      { path: "storeId", rule: RULE_CODES.reserved_character },
    ]);
  });

  it("refuses empty and non-text ids with a ValidationError naming each", () => {
    expect(issuesOf(() => orderCommandId("", ""))).toEqual([
      { path: "storeId", rule: RULE_CODES.required },
      { path: "orderId", rule: RULE_CODES.required },
    ]);
    expect(issuesOf(() => orderCommandId(undefined as never, 1001 as never))).toEqual([
      { path: "storeId", rule: RULE_CODES.required },
      { path: "orderId", rule: RULE_CODES.invalid_type },
    ]);
  });
});

/** The path and rule of each issue of the ValidationError that `run` throws. */
function issuesOf(run: () => unknown): { path: string; rule: string }[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).code).toBe("validation_failed");
    return (error as ValidationError).issues.map(({ path, rule }) => ({ path, rule }));
  }
  throw new Error("expected a ValidationError");
}

describe("orderRetryCommandId", () => {
  it("is UUID v5 of storeId:orderId:packageId:attempt, one per attempt", () => {
    const first = orderRetryCommandId("shop", "1001", 42, 1);
    expect(first).toBe(uuidV5("shop:1001:42:1", ORDER_COMMAND_NAMESPACE));
    expect(orderRetryCommandId("shop", "1001", 42, 1)).toBe(first);
    expect(orderRetryCommandId("shop", "1001", 42, 2)).not.toBe(first);
    expect(orderRetryCommandId("shop", "1001", 43, 1)).not.toBe(first);
    expect(first).not.toBe(orderCommandId("shop", "1001"));
  });

  it("refuses what orderCommandId refuses", () => {
    expect(() => orderRetryCommandId("a:b", "1001", 42, 1)).toThrow(ValidationError);
  });
});
