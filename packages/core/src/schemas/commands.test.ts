// Tests of the order and cancel command schemas: strict requests and tolerant
// answers.
import { describe, expect, it } from "vitest";
import { validateInput } from "../validation/validate-input.ts";
import { CancelCommandRequestSchema, CancelCommandResponseSchema } from "./cancel-command.ts";
import { COMMAND_STATUSES, isFinalCommandStatus } from "./command-state.ts";
import {
  LabelOptionsSchema,
  ORDER_PACKAGES_MAX,
  OrderCommandRequestSchema,
  OrderCommandResponseSchema,
} from "./order-command.ts";

const uuid = "5f0c5f7e-6a0e-4b8e-9d1f-6f1f3c2a9b10";

describe("OrderCommandRequestSchema (strict)", () => {
  it("accepts packages, label options and the flags", () => {
    const request = {
      packages: [{ id: 20126195 }],
      label: { file_format: "zpl", page_format: "a6" },
      only_order_pickup: false,
      skip_email_send: true,
    };
    expect(OrderCommandRequestSchema.parse(request)).toEqual(request);
  });

  it("names unknown keys inside packages and label", () => {
    const result = OrderCommandRequestSchema.safeParse({
      packages: [{ id: 1, package_id: 1 }],
      label: { file_format: "pdf", size: "a6" },
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["packages", 0], keys: ["package_id"] }),
      expect.objectContaining({ path: ["label"], keys: ["size"] }),
    ]);
  });

  it("needs at least one package with a positive integer id", () => {
    expect(OrderCommandRequestSchema.safeParse({ packages: [] }).error?.issues[0]?.path).toEqual([
      "packages",
    ]);
    expect(
      OrderCommandRequestSchema.safeParse({ packages: [{ id: "12" }] }).error?.issues[0]?.path,
    ).toEqual(["packages", 0, "id"]);
  });

  it("takes at most ORDER_PACKAGES_MAX (100) packages, named as too_big at packages", () => {
    expect(ORDER_PACKAGES_MAX).toBe(100);
    const refs = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));
    expect(OrderCommandRequestSchema.safeParse({ packages: refs(100) }).success).toBe(true);
    const result = validateInput(OrderCommandRequestSchema, { packages: refs(101) });
    expect(result.ok ? [] : result.error.issues.map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: "packages", rule: "too_big" },
    ]);
  });

  it("knows only pdf/zpl and a4/a6", () => {
    const result = LabelOptionsSchema.safeParse({ file_format: "png", page_format: "a5" });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual([
      "file_format",
      "page_format",
    ]);
  });
});

describe("OrderCommandResponseSchema (tolerant)", () => {
  it("reads a partial success with its errors and ordered packages", () => {
    const parsed = OrderCommandResponseSchema.parse({
      uuid,
      status: "partial_success",
      errors: [{ package_id: 2, path: "receiver.point", message: "Receiver point is incorrect" }],
      successfully_ordered_packages: [{ package_id: 1, service: "inpost", note: "x" }],
      datetime_change: "2026-09-14T09:05:00+02:00",
      worker: "w1",
    });
    expect(parsed.status).toBe("partial_success");
    expect(parsed.errors?.[0]?.path).toBe("receiver.point");
    expect(parsed.successfully_ordered_packages?.[0]?.package_id).toBe(1);
    expect(parsed.successfully_ordered_packages?.[0]?.["note"]).toBe("x");
    expect(parsed["worker"]).toBe("w1");
  });

  it("rejects a status a poller could not act on", () => {
    const result = OrderCommandResponseSchema.safeParse({ uuid, status: "done" });
    expect(result.error?.issues[0]?.path).toEqual(["status"]);
  });

  it("tells final statuses from the others", () => {
    expect(COMMAND_STATUSES.filter(isFinalCommandStatus)).toEqual([
      "successful",
      "partial_success",
      "error",
    ]);
  });
});

describe("cancel command", () => {
  it("sends the reason and rejects a misspelt key by name", () => {
    const request = { packages: [{ id: 5 }], reasonType: "mistake", reasonContent: "Wrong size" };
    expect(CancelCommandRequestSchema.parse(request)).toEqual(request);
    const result = CancelCommandRequestSchema.safeParse({
      packages: [{ id: 5 }],
      reason_type: "mistake",
    });
    const issues = result.error?.issues ?? [];
    expect(issues).toContainEqual(expect.objectContaining({ path: [], keys: ["reason_type"] }));
    expect(issues).toContainEqual(expect.objectContaining({ path: ["reasonType"] }));
  });

  it("reads the command state", () => {
    const parsed = CancelCommandResponseSchema.parse({
      uuid,
      status: "successful",
      successfully_canceled_packages: [{ package_id: 5 }],
    });
    expect(parsed.successfully_canceled_packages?.[0]?.package_id).toBe(5);
  });
});
