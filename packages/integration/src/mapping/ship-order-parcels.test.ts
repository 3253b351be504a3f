// An order in several parcels, shipped end to end against the sandbox over
// HTTP: three 15 kg items and the merchant's 20 kg box make one package of
// three parcels, ordered once, with three tracking numbers, a label of three
// A6 pages marked 1/3, 2/3 and 3/3, and cash on delivery on the package. The
// batch's label file has the same three pages.

import type { StoreOrderInput } from "@shipbridge/core";
import { batchLabels, type ShipOrderOptions, shipOrder } from "@shipbridge/core";
import { IBAN, SENDER, sampleOrder } from "@shipbridge/core/testing";
import { pdfPages } from "@shipbridge/sandbox/testing";
import { describe, expect, it } from "vitest";
import { useSandbox } from "../testing/shared-sandbox.ts";

const sandbox = useSandbox();

const BOX = { width: 40, depth: 30, height: 30, maxWeight: 20 };

function heavyOrder(id: string): StoreOrderInput {
  const item = (name: string, price: number) => ({
    name,
    quantity: 1,
    weight: { value: 15, unit: "kg" as const },
    dimensions: { length: 30, width: 20, height: 15, unit: "cm" as const },
    price,
  });
  return sampleOrder({
    id,
    name: `#${id}`,
    items: [item("Kettlebell", 100), item("Dumbbell", 80), item("Plate", 60)],
    cod: { amount: 240, currency: "PLN" },
  });
}

describe("shipOrder: an order in several parcels", () => {
  it("ships three parcels as one package: three tracking numbers, a label of three pages", async () => {
    const client = sandbox.timedClient();
    const options: ShipOrderOptions = {
      storeId: "shop-parcels",
      sender: SENDER,
      cod: { iban: IBAN },
      parcels: { boxes: [BOX], limits: { maxWeight: 31.5 } },
      label: { page_format: "a6" },
    };
    const result = await shipOrder(client, heavyOrder("3001"), options);
    expect(result.trackingNumbers).toHaveLength(3);
    expect(new Set(result.trackingNumbers).size).toBe(3);

    const pkg = await client.packages.get(result.packageId);
    expect(pkg.parcels?.map((parcel) => parcel.weight)).toEqual([15, 15, 15]);
    expect(pkg.additional_services?.cod?.amount).toBe(240);

    const pages = pdfPages(result.label.bytes);
    expect(pages).toHaveLength(3);
    pages.forEach((page, index) => {
      const text = page.texts.join("\n");
      expect(text).toContain(`${index + 1}/3`);
      expect(text).toContain(result.trackingNumbers[index] as string);
    });

    // Shipped again: the same package, nothing new.
    const again = await shipOrder(client, heavyOrder("3001"), options);
    expect(again.packageId).toBe(result.packageId);
    expect(again.trackingNumbers).toEqual(result.trackingNumbers);

    // The batch's file of labels holds the same three parcels, one A6 page each.
    const file = await batchLabels(client, [result.packageId], {
      key: "shop-parcels:3001",
      pageFormat: "a6",
    });
    expect(pdfPages(file.body).map((page) => page.texts.join("\n").includes("/3"))).toEqual([
      true,
      true,
      true,
    ]);
  });
});
