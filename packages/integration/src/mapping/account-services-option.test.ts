// The accountServices option as a store gets it from the sandbox: what
// client.account.services() returns goes straight into toPackage, shipOrder's
// options and ShippingClient, as does its `services` list; anything else is a
// ValidationError or ApiUsageError naming the option, never a TypeError.

import {
  API_USAGE_ERROR_CODES,
  ApiUsageError,
  RULE_CODES,
  ShippingClient,
  shipOrder,
  staticToken,
  toPackage,
  ValidationError,
} from "@shipbridge/core";
import type { AccountServicesResponse } from "@shipbridge/core/schemas";
import { SENDER, sampleOrder } from "@shipbridge/core/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { packageV2 } from "../testing/packages.ts";
import { useSandbox } from "../testing/shared-sandbox.ts";

const sandbox = useSandbox();
let answer: AccountServicesResponse;

beforeAll(async () => {
  answer = await sandbox.client().account.services();
});

/** A locker order whose carrier is named only by the account's service_id. */
function lockerOrderFor(carrier: string) {
  const service = answer.services.find((s) => s.service === carrier);
  if (service === undefined) throw new Error(`the demo account has no ${carrier} service`);
  return sampleOrder({
    shipping: { service_id: service.id },
    pickup_point: { code: "KRA01M", carrier: "inpost" },
  });
}

const parcel = { width: 30, depth: 20, height: 10 };

describe("accountServices from client.account.services()", () => {
  it("toPackage takes the answer as it is, and its services list, alike", () => {
    const order = lockerOrderFor("inpost");
    const fromAnswer = toPackage(order, { sender: SENDER, parcel, accountServices: answer });
    const fromList = toPackage(order, {
      sender: SENDER,
      parcel,
      accountServices: answer.services,
    });
    // The service_id was resolved to inpost, so the inpost point was kept, unwarned.
    expect(fromAnswer.package.receiver.point).toBe("KRA01M");
    expect(fromAnswer.warnings).toEqual([]);
    expect(fromList).toEqual(fromAnswer);
  });

  it("shipOrder takes the answer in its options", async () => {
    const order = { ...lockerOrderFor("inpost"), id: "acct-svc-1001" };
    const options = { storeId: "account-services-shop", sender: SENDER, parcel };
    const result = await shipOrder(sandbox.timedClient(), order, {
      ...options,
      accountServices: answer,
    });
    expect(result.packageId).toBeGreaterThan(0);
    // The service_id was resolved, so the point was kept without a warning.
    expect(result.warnings.map((w) => w.rule)).not.toContain("pickup_point_unverified");
    const created = await sandbox.client().packages.get(result.packageId);
    expect(created.receiver?.point).toBe("KRA01M");
    await expect(
      shipOrder(sandbox.timedClient(), order, { ...options, accountServices: 5 as never }),
    ).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: "options.accountServices" })],
    });
  });

  it("a client given the answer creates a package named by service_id", async () => {
    const client = sandbox.client({ accountServices: answer });
    const inpost = answer.services.find((s) => s.service === "inpost");
    const { service: _carrier, ...byId } = packageV2("account-services-1");
    const created = await client.packages.create({ ...byId, service_id: inpost?.id });
    expect(created.package.package_id).toBeGreaterThan(0);
  });

  it("anything else is a ValidationError at options.accountServices…, never a TypeError", () => {
    const cases: [unknown, string, string][] = [
      [5, "options.accountServices", "array"],
      [null, "options.accountServices", "array"],
      [{ services: "inpost" }, "options.accountServices.services", "array"],
      [
        { services: [{ id: "7", service: "inpost" }] },
        "options.accountServices.services[0].id",
        "number",
      ],
      [[answer.services[0], 42], "options.accountServices[1]", "object"],
    ];
    for (const [accountServices, path, expected] of cases) {
      const order = lockerOrderFor("inpost");
      const error = (() => {
        try {
          toPackage(order, { sender: SENDER, parcel, accountServices } as never);
        } catch (e) {
          return e;
        }
        throw new Error("expected toPackage to throw");
      })();
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues).toContainEqual(
        expect.objectContaining({ path, rule: RULE_CODES.invalid_type }),
      );
      const issue = (error as ValidationError).issues.find((i) => i.path === path);
      expect(issue?.message).toBe(
        { array: "Expected a list.", object: "Expected an object.", number: "Expected a number." }[
          expected
        ],
      );
    }
  });

  it("toPackage refuses options that are not an object with a ValidationError", () => {
    expect(() => toPackage(sampleOrder(), null as never)).toThrow(ValidationError);
    expect(() => toPackage(sampleOrder(), { sender: SENDER, parcel: null } as never)).toThrow(
      expect.objectContaining({
        issues: [
          expect.objectContaining({ path: "options.parcel", rule: RULE_CODES.invalid_type }),
        ],
      }),
    );
  });

  it("ShippingClient refuses anything else with ApiUsageError naming the option", () => {
    for (const [accountServices, option] of [
      ["inpost", "accountServices"],
      [
        { services: [{ id: 1, service: "inpost", service_contract: 2 }] },
        "accountServices.services[0].service_contract",
      ],
    ] as const) {
      const make = () =>
        new ShippingClient({
          baseUrl: sandbox.baseUrl,
          auth: staticToken("t"),
          accountServices: accountServices as never,
        });
      expect(make).toThrow(ApiUsageError);
      expect(make).toThrow(
        expect.objectContaining({ code: API_USAGE_ERROR_CODES.invalid_api_options, option }),
      );
    }
  });
});
