// shipReturn's checks before any request: every problem of the return and of
// its options at once, at the return's own paths, in English and Polish. The
// client points at a closed port, so a request would fail with a network
// error instead of the ValidationError asserted. The shipping itself is
// tested against the sandbox in packages/integration/src/returns/.
import { describe, expect, it } from "vitest";
import { ShippingClient, staticToken } from "../api/index.ts";
import { isValidationError } from "../validation/index.ts";
import { returnCancelCommandId, returnReference } from "./return-reference.ts";
import { checkReturn, shipReturn } from "./ship-return.ts";
import type { StoreReturnInput } from "./store-return.ts";

const client = new ShippingClient({
  baseUrl: "http://127.0.0.1:9/api",
  auth: staticToken("t0ken-value"),
  retry: { limit: 0 },
});

const BOX = { width: 30, depth: 20, height: 10 };

const MERCHANT = {
  name: "Sklep Kowalski",
  street: "ul. Marszałkowska 1",
  postcode: "00-624",
  city: "Warszawa",
  country_code: "PL",
  phone: "501234567",
  email: "sklep@example.com",
};

function sampleReturn(overrides: Partial<StoreReturnInput> = {}): StoreReturnInput {
  return {
    id: "9001",
    orderId: "1001",
    name: "#1001-R1",
    customer: {
      first_name: "Anna",
      last_name: "Nowak",
      street: "ul. Długa 5",
      postcode: "80-831",
      city: "Gdańsk",
      country_code: "PL",
      phone: "601234567",
      email: "anna@example.com",
    },
    dropOff: { point: "GDA01M", service: "inpost" },
    items: [{ name: "Mug", quantity: 1, weight: { value: 400, unit: "g" } }],
    ...overrides,
  };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isValidationError(error))
    throw new Error(`expected a ValidationError, got ${String(error)}`);
  return error;
}

describe("shipReturn before any request", () => {
  it("names every problem of the return and of the merchant at once", async () => {
    const broken = sampleReturn({
      dropOff: { point: "", service: "inpost" },
      items: [],
      customer: { ...sampleReturn().customer, street: "" },
    });
    const error = await refusal(
      shipReturn(client, broken, {
        storeId: "shop:bad",
        merchant: { ...MERCHANT, postcode: undefined } as unknown as typeof MERCHANT,
      }),
    );
    expect(error.issues.map((issue) => issue.path).sort()).toEqual([
      "options.merchant.postcode",
      "options.storeId",
      "return.customer.street",
      "return.dropOff.point",
      "return.items",
    ]);
  });

  it("names the options' problems beside the mapping's", async () => {
    const badPhone = sampleReturn({ customer: { ...sampleReturn().customer, phone: "12345" } });
    const error = await refusal(
      shipReturn(client, badPhone, { storeId: "shop:x", merchant: MERCHANT, parcel: BOX }),
    );
    expect(error.issues.map((issue) => issue.path).sort()).toEqual([
      "options.storeId",
      "return.customer.phone",
    ]);
  });

  it("reports what the mapping finds at the return's paths, in Polish too", async () => {
    const badPhone = sampleReturn({
      customer: { ...sampleReturn().customer, phone: "12345" },
    });
    const error = await refusal(
      shipReturn(client, badPhone, { storeId: "shop", merchant: MERCHANT, language: "pl_PL" }),
    );
    const phone = error.issues.find((issue) => issue.path === "return.customer.phone");
    expect(phone?.rule).toBe("phone_invalid");
    expect(phone?.message).toMatch(/telefon/i);
    expect(error.issues.every((issue) => !issue.path.startsWith("options.sender"))).toBe(true);
  });

  it("checkReturn names the same problems as shipReturn, in either language, with no request", async () => {
    const badPhone = sampleReturn({ customer: { ...sampleReturn().customer, phone: "12345" } });
    const refused = await refusal(
      shipReturn(client, badPhone, { storeId: "shop", merchant: MERCHANT }),
    );
    const english = checkReturn(badPhone, { storeId: "shop", merchant: MERCHANT });
    expect(english).toEqual(refused.issues);
    const polish = checkReturn(badPhone, {
      storeId: "shop",
      merchant: MERCHANT,
      language: "pl_PL",
    });
    expect(polish.map((issue) => [issue.path, issue.rule])).toEqual(
      english.map((issue) => [issue.path, issue.rule]),
    );
    expect(polish.find((issue) => issue.path === "return.customer.phone")?.message).toMatch(
      /telefon/i,
    );
    expect(
      checkReturn(sampleReturn(), { storeId: "shop", merchant: MERCHANT, parcel: BOX }),
    ).toEqual([]);
  });

  it("ships under the return's own reference and cancel command, never an order's", () => {
    expect(returnReference("shop", "9001")).toBe("shop:return:9001");
    expect(returnCancelCommandId("shop", "9001", 7)).toBe(returnCancelCommandId("shop", "9001", 7));
    expect(returnCancelCommandId("shop", "9001", 7)).not.toBe(
      returnCancelCommandId("shop", "9002", 7),
    );
  });
});
