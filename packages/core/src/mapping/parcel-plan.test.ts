// Orders in several parcels through toPackage's `parcels` option: the
// merchant's boxes, an explicit split, both together, the carrier's limits,
// cash on delivery, and every problem of the option named at once at its
// path, in English and in Polish. Every package built here passes
// validatePackage again.
import { describe, expect, it } from "vitest";
import { IBAN, SENDER, sampleOrder } from "../fixtures/index.ts";
import { validatePackage } from "../validation/index.ts";
import type { StoreOrderInput, StoreOrderItem } from "./store-order.ts";
import { safeToPackage, type ToPackageOptions, toPackage } from "./to-package.ts";

const BOX = { width: 40, depth: 30, height: 30, maxWeight: 20 };
const SMALL_BOX = { width: 20, depth: 15, height: 10, maxWeight: 5 };

function item(name: string, kilograms: number, quantity = 1, price = 100): StoreOrderItem {
  return {
    name,
    quantity,
    weight: { value: kilograms, unit: "kg" },
    dimensions: { length: 30, width: 20, height: 15, unit: "cm" },
    price,
  };
}

/** Three 15 kg items: no two of them go in one 20 kg box. */
function heavyOrder(overrides: Partial<StoreOrderInput> = {}): StoreOrderInput {
  return sampleOrder({
    items: [item("Kettlebell", 15), item("Dumbbell", 15, 1, 80), item("Plate", 15, 1, 60)],
    ...overrides,
  });
}

function build(order: StoreOrderInput, options: Omit<ToPackageOptions, "sender"> = {}) {
  const result = toPackage(order, { sender: SENDER, ...options });
  expect(validatePackage(result.package, { version: 2 }).ok).toBe(true);
  return result.package;
}

function issues(order: unknown, options: Omit<ToPackageOptions, "sender">) {
  const outcome = safeToPackage(order, { sender: SENDER, ...options });
  if (outcome.success) throw new Error("expected the mapping to fail");
  return outcome.error.issues;
}

describe("toPackage: the merchant's boxes", () => {
  it("ships an order too heavy for one box as one package of three parcels", () => {
    const pkg = build(heavyOrder(), { parcels: { boxes: [BOX] }, declareValue: true });
    expect(pkg.parcels).toEqual([
      {
        type: "package",
        width: 40,
        depth: 30,
        height: 30,
        weight: 15,
        value: 100,
        description: "1x Kettlebell",
      },
      {
        type: "package",
        width: 40,
        depth: 30,
        height: 30,
        weight: 15,
        value: 80,
        description: "1x Dumbbell",
      },
      {
        type: "package",
        width: 40,
        depth: 30,
        height: 30,
        weight: 15,
        value: 60,
        description: "1x Plate",
      },
    ]);
  });

  it("keeps an order that fits one box in one parcel, in the smallest box that holds it", () => {
    const pkg = build(sampleOrder(), {
      parcels: { boxes: [BOX, { ...SMALL_BOX, width: 25, depth: 18, height: 12 }] },
    });
    // Three mugs (12 x 10.2 x 9 cm) and a book (24 x 17 x 3 cm), 1.699 kg, 4,529 cm3: the small box.
    expect(pkg.parcels).toEqual([
      expect.objectContaining({ width: 25, depth: 18, height: 12, weight: 1.699 }),
    ]);
  });

  it("declares each parcel with its box's own weight, within the carrier's limit", () => {
    const plate = {
      ...item("Plate", 15.75, 2),
      dimensions: { length: 30, width: 30, height: 5, unit: "cm" as const },
    };
    const crate = { width: 40, depth: 40, height: 30, maxWeight: 31.5, weight: 0.8 };
    const pkg = build(sampleOrder({ items: [plate] }), {
      parcels: { boxes: [crate], limits: { maxWeight: 31.5 } },
    });
    expect(pkg.parcels.map((p) => p.weight)).toEqual([16.55, 16.55]);
    // A split put into boxes declares the box too.
    const split = build(sampleOrder({ items: [plate] }), {
      parcels: { boxes: [crate], split: [[{ item: 0, quantity: 1 }], [{ item: 0, quantity: 1 }]] },
    });
    expect(split.parcels.map((p) => p.weight)).toEqual([16.55, 16.55]);
    // Both plates in one box would be 32.3 kg with it: past the carrier's limit.
    const together = issues(sampleOrder({ items: [plate] }), {
      parcels: { boxes: [{ ...crate, maxWeight: 40 }], split: [[0]], limits: { maxWeight: 31.5 } },
    });
    expect(together.map((i) => [i.path, i.rule])).toEqual([
      ["options.parcels.split[0]", "item_fits_no_box"],
    ]);
  });

  it("names an item that fits no box at its place in the order, with the carrier's limit", () => {
    const order = sampleOrder({ items: [item("Anvil", 40), item("Mug", 0.4)] });
    const found = issues(order, { parcels: { boxes: [BOX], limits: { maxWeight: 31.5 } } });
    expect(found.map((i) => [i.path, i.rule])).toEqual([["order.items[0]", "item_fits_no_box"]]);
    expect(found[0]?.message).toBe(
      '"Anvil" (40 kg) fits none of the boxes: it is heavier or larger than each of them or than the carrier takes (31.5 kg). Add a larger box, or ship it on its own.',
    );
  });
});

describe("toPackage: an explicit split", () => {
  it("makes one parcel per group, each sized by its own items, the usual box grown to fit", () => {
    const order = sampleOrder({
      items: [item("Kettlebell", 8), item("Mug", 0.4, 3, 40)],
    });
    const pkg = build(order, {
      parcel: { width: 35, depth: 25, height: 20 },
      parcels: { split: [[0, { item: 1, quantity: 1 }], [{ item: 1, quantity: 2 }]] },
    });
    expect(pkg.parcels).toEqual([
      {
        type: "package",
        width: 35,
        depth: 25,
        height: 20,
        weight: 8.4,
        description: "1x Kettlebell, 1x Mug",
      },
      { type: "package", width: 35, depth: 25, height: 20, weight: 0.8, description: "2x Mug" },
    ]);
  });

  it("puts each group in the smallest box that holds it when boxes are given too", () => {
    const order = sampleOrder({ items: [item("Kettlebell", 8), item("Mug", 0.4, 2, 40)] });
    const mug = { length: 12, width: 9, height: 10, unit: "cm" as const };
    order.items[1] = { ...(order.items[1] as StoreOrderItem), dimensions: mug };
    const pkg = build(order, { parcels: { boxes: [BOX, SMALL_BOX], split: [[0], [1]] } });
    expect(pkg.parcels.map((p) => [p.width, p.depth, p.height, p.weight])).toEqual([
      [40, 30, 30, 8],
      [20, 15, 10, 0.8],
    ]);
  });

  it("refuses a split that places some units twice and others never, naming each item", () => {
    const order = sampleOrder({ items: [item("Kettlebell", 8), item("Mug", 0.4, 3)] });
    const found = issues(order, { parcels: { split: [[0], [0, { item: 1, quantity: 2 }]] } });
    expect(found.map((i) => [i.path, i.rule, i.message])).toEqual([
      [
        "order.items[0]",
        "split_quantity_mismatch",
        'The split places 2 of the 1 units of "Kettlebell" (item 0); place every unit in exactly one parcel.',
      ],
      [
        "order.items[1]",
        "split_quantity_mismatch",
        'The split places 2 of the 3 units of "Mug" (item 1); place every unit in exactly one parcel.',
      ],
    ]);
  });

  it("holds a hand-made parcel to the carrier's limits", () => {
    const found = issues(heavyOrder(), {
      parcels: { split: [[0, 1], [2]], limits: { maxWeight: 25, maxLength: 120 } },
    });
    expect(found.map((i) => [i.path, i.rule])).toEqual([
      ["options.parcels.split[0]", "carrier_weight_limit"],
    ]);
    expect(found[0]?.message).toBe("dpd takes parcels up to 25 kg; this one weighs 30 kg.");
  });
});

describe("toPackage: cash on delivery of an order in several parcels", () => {
  const cod = { amount: 240, currency: "PLN" };

  it("keeps the whole amount on the package, collected with the first parcel", () => {
    const pkg = build(heavyOrder({ cod }), { parcels: { boxes: [BOX] }, cod: { iban: IBAN } });
    expect(pkg.parcels).toHaveLength(3);
    expect(pkg.additional_services?.cod).toMatchObject({ amount: 240, currency: "PLN" });
  });

  it("refuses cod by_value for an order with COD in several parcels: the service has no per-parcel COD", () => {
    const found = issues(heavyOrder({ cod }), {
      parcels: { boxes: [BOX], cod: "by_value" },
      cod: { iban: IBAN },
    });
    expect(found.map((i) => [i.path, i.rule])).toEqual([
      ["options.parcels.cod", "cod_split_unsupported"],
    ]);
  });

  it("accepts cod by_value when the order ships as one parcel or has no COD", () => {
    expect(
      build(sampleOrder({ cod }), {
        parcels: { cod: "by_value" },
        cod: { iban: IBAN },
        parcel: BOX,
      }).parcels,
    ).toHaveLength(1);
    expect(
      build(heavyOrder(), { parcels: { boxes: [BOX], cod: "by_value" } }).parcels,
    ).toHaveLength(3);
  });
});

describe("toPackage: a wrong parcels option", () => {
  const wrong = {
    boxes: [
      { width: 0, depth: 30, height: 30, maxWeight: -1, colour: "brown" },
      { width: 10, depth: 10, height: 10, maxWeight: 2, weight: 2 },
      { width: 10, depth: 10, height: 10, maxWeight: 2, weight: -0.5 },
    ],
    split: [[], [7, { item: 0, quantity: 0 }], "all"],
    limits: { maxWeight: "31.5" },
    cod: "per_parcel",
    strategy: "best",
  } as unknown as ToPackageOptions["parcels"];

  it("names every problem at once, beside the order's own", () => {
    const order = heavyOrder({ shipping_address: { ...heavyOrder().shipping_address, city: "" } });
    const found = issues(order, { parcels: wrong });
    expect(found.map((i) => [i.path, i.rule])).toEqual([
      ["order.shipping_address.city", "too_small"],
      ["options.parcels.boxes[0].width", "dimension_invalid"],
      ["options.parcels.boxes[0].maxWeight", "weight_invalid"],
      ["options.parcels.boxes[0].colour", "unknown_field"],
      ["options.parcels.boxes[1].weight", "too_big"],
      ["options.parcels.boxes[2].weight", "weight_invalid"],
      ["options.parcels.split[0]", "too_small"],
      ["options.parcels.split[1][0]", "too_big"],
      ["options.parcels.split[1][1].quantity", "invalid_type"],
      ["options.parcels.split[2]", "invalid_type"],
      ["options.parcels.limits.maxWeight", "weight_invalid"],
      ["options.parcels.cod", "invalid_value"],
      ["options.parcels.strategy", "unknown_field"],
    ]);
  });

  it("names the split's and the limits' problems beside another part's, in one answer", () => {
    const order = sampleOrder({
      items: [item("Kettlebell", 15), item("Dumbbell", 15), item("Plate", 15)],
    });
    // Item 2 in no parcel, a wrong cod, and a 10 kg limit each 15 kg parcel is past.
    const found = issues(order, {
      parcels: {
        split: [[0], [1]],
        cod: "half",
        limits: { maxWeight: 10 },
      } as unknown as ToPackageOptions["parcels"],
    });
    expect(found.map((i) => [i.path, i.rule])).toEqual([
      ["options.parcels.cod", "invalid_value"],
      ["order.items[2]", "split_quantity_mismatch"],
      ["options.parcels.split[0]", "carrier_weight_limit"],
      ["options.parcels.split[1]", "carrier_weight_limit"],
    ]);
    // A wrong box beside a split: the split is still checked against the limits.
    const beside = issues(order, {
      parcels: {
        boxes: [{ width: 0, depth: 30, height: 30, maxWeight: 20 }],
        split: [[0], [1, 2]],
        limits: { maxWeight: 20 },
      },
    });
    expect(beside.map((i) => [i.path, i.rule])).toEqual([
      ["options.parcels.boxes[0].width", "dimension_invalid"],
      ["options.parcels.split[1]", "carrier_weight_limit"],
    ]);
    // Items without dimensions: the wrong box is the problem, not a missing options.parcel.
    const sizeless = sampleOrder({
      items: [item("Kettlebell", 15), item("Dumbbell", 15)].map(
        ({ dimensions: _, ...rest }) => rest,
      ),
    });
    const unsized = issues(sizeless, {
      parcels: { boxes: [{ width: 0, depth: 30, height: 30, maxWeight: 20 }], split: [[0], [1]] },
    });
    expect(unsized.map((i) => [i.path, i.rule])).toEqual([
      ["options.parcels.boxes[0].width", "dimension_invalid"],
    ]);
    // Each hand-made parcel that fits no box is named.
    const both = issues(order, {
      parcels: { boxes: [SMALL_BOX], split: [[0], [1, 2]], limits: { maxWeight: 20 } },
    });
    expect(both.map((i) => [i.path, i.rule])).toEqual([
      ["options.parcels.split[0]", "item_fits_no_box"],
      ["options.parcels.split[1]", "item_fits_no_box"],
    ]);
    const sized = issues(order, {
      parcel: { width: 35, depth: 25, height: 20 },
      parcels: { split: [[0], [{ item: 1, quantity: 2 }], [2]], limits: { maxWeight: 20 } },
    });
    expect(sized.map((i) => [i.path, i.rule])).toEqual([
      ["order.items[1]", "split_quantity_mismatch"],
      ["options.parcels.split[1]", "carrier_weight_limit"],
    ]);
  });

  it("says it in Polish when asked", () => {
    const found = issues(heavyOrder(), { parcels: wrong, language: "pl_PL" });
    const byPath = Object.fromEntries(found.map((i) => [i.path, i.message]));
    expect(byPath["options.parcels.boxes[0].colour"]).toBe(
      "Nieznane pole „colour”: usuń je lub popraw pisownię.",
    );
    expect(byPath["options.parcels.cod"]).toBe(
      "Ta wartość jest niedozwolona; użyj jednej z: first_parcel, by_value.",
    );
    const mismatch = issues(sampleOrder({ items: [item("Hantle", 8, 2)] }), {
      parcels: { split: [[{ item: 0, quantity: 1 }]] },
      language: "pl_PL",
    });
    expect(mismatch[0]?.message).toBe(
      "Podział umieszcza 1 z 2 sztuk „Hantle” (pozycja 0); każdą sztukę umieść w dokładnie jednej paczce.",
    );
  });
});
