// Packing into the merchant's boxes: a table of orders with the parcels a
// person would make, and properties over random orders and boxes: every unit
// placed exactly once, every parcel within its box and the carrier's limits,
// (with one kind of box) no two parcels that one box could hold together, and
// (with two kinds) no more parcels than either kind alone needs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BoxedParcel, type PackingUnit, packIntoBoxes } from "./box-packing.ts";
import type { BoxRule, ParcelLimits } from "./parcels-option.ts";
import { ceilKilogramsToGram } from "./units.ts";

const SMALL: BoxRule = { width: 20, depth: 15, height: 10, maxWeight: 5 };
const LARGE: BoxRule = { width: 60, depth: 40, height: 40, maxWeight: 25 };

function unit(
  item: number,
  quantity: number,
  weight: number,
  sides?: [number, number, number],
): PackingUnit {
  return { item, quantity, weight, sides };
}

function summary(parcels: readonly BoxedParcel[]) {
  return parcels.map((parcel) => ({
    box: parcel.box === SMALL ? "small" : parcel.box === LARGE ? "large" : "other",
    weight: parcel.weight,
    contents: parcel.contents.map((c) => `${c.quantity}x${c.item}`).join(" "),
  }));
}

describe("packIntoBoxes: orders a merchant knows", () => {
  it("keeps an order that fits one box in one parcel, in the smallest box that holds it", () => {
    const packing = packIntoBoxes([unit(0, 2, 1, [10, 8, 5]), unit(1, 1, 0.5)], [LARGE, SMALL]);
    expect(summary(packing.parcels)).toEqual([{ box: "small", weight: 2.5, contents: "2x0 1x1" }]);
    expect(packing.unplaced).toEqual([]);
  });

  it("splits three 10 kg items over two 25 kg boxes, heaviest first", () => {
    const packing = packIntoBoxes([unit(0, 3, 10, [30, 30, 20])], [LARGE]);
    expect(summary(packing.parcels)).toEqual([
      { box: "large", weight: 20, contents: "2x0" },
      { box: "large", weight: 10, contents: "1x0" },
    ]);
  });

  it("fills the room the heavy items leave with the light ones (first fit)", () => {
    const packing = packIntoBoxes(
      [unit(0, 1, 2, [10, 10, 10]), unit(1, 1, 20, [50, 30, 30]), unit(2, 2, 4, [20, 20, 10])],
      [LARGE],
    );
    // 20 kg opens a box; 4 kg joins it (24); the next 4 kg would make 28: a second box;
    // 2 kg would make the first 26, so it joins the second.
    expect(summary(packing.parcels)).toEqual([
      { box: "large", weight: 24, contents: "1x1 1x2" },
      { box: "large", weight: 6, contents: "1x0 1x2" },
    ]);
  });

  it("lets the carrier's weight limit bind tighter than the box", () => {
    const packing = packIntoBoxes([unit(0, 4, 6)], [LARGE], { maxWeight: 12 });
    expect(packing.parcels.map((p) => p.weight)).toEqual([12, 12]);
  });

  it("never uses a box longer than the carrier takes", () => {
    const long: BoxRule = { width: 130, depth: 20, height: 20, maxWeight: 30 };
    const packing = packIntoBoxes([unit(0, 1, 3, [100, 10, 10]), unit(1, 1, 1)], [long, LARGE], {
      maxLength: 120,
    });
    expect(packing.unplaced).toEqual([0]);
    expect(summary(packing.parcels)).toEqual([{ box: "large", weight: 1, contents: "1x1" }]);
  });

  it("reports an item that is heavier or larger than every box, and packs the rest", () => {
    const packing = packIntoBoxes(
      [unit(0, 1, 30), unit(1, 1, 1, [70, 10, 10]), unit(2, 1, 1)],
      [SMALL, LARGE],
    );
    expect(packing.unplaced).toEqual([0, 1]);
    expect(summary(packing.parcels)).toEqual([{ box: "small", weight: 1, contents: "1x2" }]);
  });

  it("fits a unit turned on its side (sides compared longest to longest)", () => {
    // An item of 10 x 18 x 14 cm lies as 18 x 14 x 10 in the 20 x 15 x 10 box; 18 x 16 x 10 does not fit.
    expect(packIntoBoxes([unit(0, 1, 1, [18, 14, 10])], [SMALL]).unplaced).toEqual([]);
    expect(packIntoBoxes([unit(0, 1, 1, [18, 16, 10])], [SMALL]).unplaced).toEqual([0]);
  });

  it("opens a parcel in the box that takes the most, not the one rated heaviest", () => {
    // A large carton rated 10 kg takes ten 1 kg cubes; a small heavy-duty box, one.
    const carton: BoxRule = { width: 100, depth: 100, height: 100, maxWeight: 10 };
    const heavyDuty: BoxRule = { width: 30, depth: 30, height: 30, maxWeight: 30 };
    const packing = packIntoBoxes([unit(0, 20, 1, [25, 25, 25])], [carton, heavyDuty]);
    expect(packing.parcels.map((p) => [p.box, p.contents[0]?.quantity])).toEqual([
      [carton, 10],
      [carton, 10],
    ]);
    // Both take the last few units alike: the smaller box.
    const few = packIntoBoxes([unit(0, 11, 1, [25, 25, 25])], [carton, heavyDuty]);
    expect(few.parcels.map((p) => [p.box, p.contents[0]?.quantity])).toEqual([
      [carton, 10],
      [heavyDuty, 1],
    ]);
  });

  it("declares the empty box's weight too, and counts it against the box and the carrier", () => {
    // Two 15.75 kg plates, a 31.5 kg box that weighs 0.8 kg empty, a 31.5 kg carrier limit.
    const crate: BoxRule = { width: 40, depth: 40, height: 30, maxWeight: 31.5, weight: 0.8 };
    const packing = packIntoBoxes([unit(0, 2, 15.75, [30, 30, 5])], [crate], { maxWeight: 31.5 });
    expect(packing.parcels.map((p) => [p.contents[0]?.quantity, p.weight])).toEqual([
      [1, 16.55],
      [1, 16.55],
    ]);
    // Within the box's rating, the carrier's lower limit binds, the box included: 9.8 kg is too much.
    const light = packIntoBoxes([unit(0, 3, 3)], [crate], { maxWeight: 9 });
    expect(light.parcels.map((p) => p.weight)).toEqual([6.8, 3.8]);
    // A box that weighs the carrier's limit on its own takes nothing.
    expect(packIntoBoxes([unit(0, 1, 0.1)], [crate], { maxWeight: 0.8 }).unplaced).toEqual([0]);
  });

  it("packs many identical units at the cost of a few", () => {
    const packing = packIntoBoxes([unit(0, 100_000, 0.001, [1, 1, 1])], [SMALL]);
    // 3,000 cm3 a box holds 3,000 units of 1 cm3 (3 kg): 34 boxes.
    expect(packing.parcels).toHaveLength(34);
    expect(packing.parcels.reduce((n, p) => n + (p.contents[0]?.quantity ?? 0), 0)).toBe(100_000);
  });
});

const sidesArb = fc
  .tuple(
    fc.integer({ min: 1, max: 70 }),
    fc.integer({ min: 1, max: 70 }),
    fc.integer({ min: 1, max: 70 }),
  )
  .map((sides) => sides.sort((a, b) => b - a) as [number, number, number]);

const unitsArb = fc
  .array(
    fc.record({
      quantity: fc.integer({ min: 1, max: 6 }),
      grams: fc.integer({ min: 0, max: 30_000 }),
      sides: fc.option(sidesArb, { nil: undefined }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((items) =>
    items.map((item, index) => unit(index, item.quantity, item.grams / 1000, item.sides)),
  );

/** Many light units of a few items: where the choice of box matters. */
const manyUnitsArb = fc
  .array(
    fc.record({
      quantity: fc.integer({ min: 1, max: 40 }),
      grams: fc.integer({ min: 50, max: 5_000 }),
      sides: sidesArb.map((sides) => sides.map((side) => Math.ceil(side / 2)) as typeof sides),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((items) =>
    items.map((item, index) => unit(index, item.quantity, item.grams / 1000, item.sides)),
  );

const boxArb: fc.Arbitrary<BoxRule> = fc
  .record({
    width: fc.integer({ min: 5, max: 80 }),
    depth: fc.integer({ min: 5, max: 80 }),
    height: fc.integer({ min: 5, max: 80 }),
    maxWeight: fc.integer({ min: 1, max: 40 }),
    tareGrams: fc.option(fc.integer({ min: 0, max: 2_000 }), { nil: undefined }),
  })
  .map(({ tareGrams, ...box }) =>
    tareGrams === undefined
      ? box
      : { ...box, weight: Math.min(tareGrams / 1000, box.maxWeight / 2) },
  );

const limitsArb: fc.Arbitrary<ParcelLimits | undefined> = fc.option(
  fc.record({
    maxWeight: fc.integer({ min: 1, max: 40 }),
    maxLength: fc.integer({ min: 20, max: 150 }),
  }),
  { nil: undefined },
);

function sidesOf(box: BoxRule): number[] {
  return [box.width, box.depth, box.height].sort((a, b) => b - a);
}

function volume(sides: readonly number[] | undefined): number {
  return sides === undefined ? 0 : sides.reduce((a, b) => a * b, 1);
}

describe("packIntoBoxes: properties", () => {
  it("places every unit exactly once, unless its item fits no box at all", () => {
    fc.assert(
      fc.property(
        unitsArb,
        fc.array(boxArb, { minLength: 1, maxLength: 3 }),
        limitsArb,
        (units, boxes, limits) => {
          const packing = packIntoBoxes(units, boxes, limits);
          for (const u of units) {
            const placed = packing.parcels
              .flatMap((p) => p.contents)
              .filter((c) => c.item === u.item)
              .reduce((n, c) => n + c.quantity, 0);
            expect(placed).toBe(packing.unplaced.includes(u.item) ? 0 : u.quantity);
          }
          expect(packing.parcels.every((p) => p.contents.every((c) => c.quantity > 0))).toBe(true);
        },
      ),
    );
  });

  it("keeps every parcel within its box (sides, load, volume) and the carrier's limits", () => {
    fc.assert(
      fc.property(
        unitsArb,
        fc.array(boxArb, { minLength: 1, maxLength: 3 }),
        limitsArb,
        (units, boxes, limits) => {
          const packing = packIntoBoxes(units, boxes, limits);
          for (const parcel of packing.parcels) {
            expect(boxes).toContain(parcel.box);
            const room = sidesOf(parcel.box);
            expect(room[0]).toBeLessThanOrEqual(limits?.maxLength ?? Number.POSITIVE_INFINITY);
            let kilograms = 0;
            let used = 0;
            for (const content of parcel.contents) {
              const u = units[content.item] as PackingUnit;
              for (const [axis, side] of (u.sides ?? []).entries()) {
                expect(side).toBeLessThanOrEqual(room[axis] ?? 0);
              }
              kilograms += u.weight * content.quantity;
              used += volume(u.sides) * content.quantity;
            }
            expect(parcel.weight).toBe(ceilKilogramsToGram(kilograms + (parcel.box.weight ?? 0)));
            expect(parcel.weight).toBeLessThanOrEqual(
              Math.min(parcel.box.maxWeight, limits?.maxWeight ?? Number.POSITIVE_INFINITY),
            );
            expect(used).toBeLessThanOrEqual(volume(room) + 1e-6);
          }
        },
      ),
    );
  });

  it("with two kinds of box, needs no more parcels than either kind alone", () => {
    fc.assert(
      fc.property(manyUnitsArb, boxArb, boxArb, limitsArb, (units, first, second, limits) => {
        const both = packIntoBoxes(units, [first, second], limits);
        for (const alone of [first, second]) {
          const one = packIntoBoxes(units, [alone], limits);
          // Comparable when that kind alone leaves nothing out.
          if (one.unplaced.length === 0) {
            expect(both.parcels.length).toBeLessThanOrEqual(one.parcels.length);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("with one kind of box, never leaves two parcels that one box could hold together", () => {
    fc.assert(
      fc.property(unitsArb, boxArb, (units, box) => {
        const packing = packIntoBoxes(units, [box]);
        const capacity = box.maxWeight;
        const loads = packing.parcels.map((parcel) => {
          let kilograms = 0;
          let used = 0;
          for (const content of parcel.contents) {
            const u = units[content.item] as PackingUnit;
            kilograms += u.weight * content.quantity;
            used += volume(u.sides) * content.quantity;
          }
          return { kilograms, used };
        });
        for (let i = 0; i < loads.length; i++) {
          for (let j = i + 1; j < loads.length; j++) {
            const a = loads[i] as { kilograms: number; used: number };
            const b = loads[j] as { kilograms: number; used: number };
            const together =
              ceilKilogramsToGram(a.kilograms + b.kilograms + (box.weight ?? 0)) <= capacity &&
              a.used + b.used <= volume(sidesOf(box)) + 1e-6;
            expect(together).toBe(false);
          }
        }
      }),
    );
  });
});
