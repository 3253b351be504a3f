// Cash on delivery of an order as the provider and the batch build it: the
// order's total when it is flagged paid on delivery and the store has a COD
// account; a flagged order with no account in force (the settings turned COD
// off) is refused in both languages, never shipped prepaid.
import { SENDER } from "@shipbridge/core/testing";
import { describe, expect, it } from "vitest";
import { cashOnDelivery } from "./medusa-order.ts";
import { pluginOptions } from "./options.ts";
import { PluginError } from "./plugin-error.ts";

const IBAN = "PL61109010140000071219812874";

function options(cod: boolean) {
  return pluginOptions({
    clientId: "demo-client",
    clientSecret: "demo-secret",
    sender: SENDER,
    services: [{ service: "dpd" }],
    flatPrice: 19.99,
    ...(cod ? { cod: { iban: IBAN } } : {}),
  });
}

const order = (metadata: Record<string, unknown> | undefined) => ({
  id: "order_01",
  display_id: 12,
  total: 120.5,
  currency_code: "pln",
  metadata,
});

describe("cashOnDelivery", () => {
  it("collects the total of an order paid on delivery", () => {
    expect(cashOnDelivery(order({ shipbridge_cod: true }), options(true))).toEqual({
      amount: 120.5,
      currency: "PLN",
    });
    expect(cashOnDelivery(order({ shipbridge_cod: "true" }), options(true))?.amount).toBe(120.5);
  });

  it("collects nothing for an order not paid on delivery, with or without an account", () => {
    expect(cashOnDelivery(order(undefined), options(true))).toBeUndefined();
    expect(cashOnDelivery(order({ shipbridge_cod: false }), options(false))).toBeUndefined();
  });

  it("refuses an order paid on delivery when no COD account is in force", () => {
    const refused = (() => {
      try {
        cashOnDelivery(order({ shipbridge_cod: true }), options(false), "pl_PL");
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refused).toBeInstanceOf(PluginError);
    const error = refused as PluginError;
    expect(error.code).toBe("cod_not_configured");
    expect(error.type).toBe("invalid_data");
    expect(error.message).toMatch(/^cod\.iban: zamówienie #12 ma być opłacone przy odbiorze/);
    expect(error.messages?.en_GB).toMatch(
      /^cod\.iban: order #12 is to be paid on delivery, but cash on delivery is not configured/,
    );
    expect(error.messages?.pl_PL).toBe(error.message);
    expect(error.message).not.toContain(IBAN);
  });
});
