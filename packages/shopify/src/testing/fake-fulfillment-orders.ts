// The fake Admin API's fulfillment-order mutations, as Shopify runs them on a
// merchant-managed fulfillment order: holds (a hold on some lines splits
// the rest off into an open fulfillment order; a released one opens again
// once no hold is left), moves to another location (a fulfillment order
// nothing was fulfilled from moves whole; otherwise its lines go to a new
// one), splits, merges of open fulfillment orders of one location into a
// new one, and cancellation of a submitted one (closed, with a replacement). Each refuses, with userErrors, what Shopify refuses (a
// closed or cancelled fulfillment order, more than remains, an unknown
// location, a hold handle used twice). Documents reach them only after the
// fake validated them against the Admin schema and the token's scopes.
import type { FakeFulfillmentOrder, FakeLocation, FakeOrder } from "./fake-shopify.ts";

/** What the mutations need of the fake: find a fulfillment order, name new things, show them. */
export interface FulfillmentOrderBook {
  find(id: string): { order: FakeOrder; fulfillmentOrder: FakeFulfillmentOrder } | undefined;
  location(id: string): FakeLocation | undefined;
  nextId(type: string): string;
  view(fulfillmentOrder: FakeFulfillmentOrder): unknown;
}

interface LineInput {
  readonly id: string;
  readonly quantity: number;
}

const ACTIVE = new Set(["OPEN", "IN_PROGRESS"]);

function userError(field: string[], message: string) {
  return { field, message, code: null };
}

/** Takes `wanted` out of the fulfillment order's lines; an error message when it cannot. */
function checkLines(
  fulfillmentOrder: FakeFulfillmentOrder,
  wanted: readonly LineInput[],
): string | undefined {
  for (const { id, quantity } of wanted) {
    const line = fulfillmentOrder.lineItems.find((candidate) => candidate.id === id);
    if (!line) return `Fulfillment order line item ${id} does not exist.`;
    if (quantity <= 0 || quantity > line.remainingQuantity) {
      return "Invalid fulfillment order line item quantity requested.";
    }
  }
  return undefined;
}

/** A new fulfillment order of the order with `wanted` taken from `from`. */
function carveOut(
  book: FulfillmentOrderBook,
  order: FakeOrder,
  from: FakeFulfillmentOrder,
  wanted: readonly LineInput[],
  location: FakeLocation | undefined,
): FakeFulfillmentOrder {
  const lines: FakeFulfillmentOrder["lineItems"] = [];
  for (const { id, quantity } of wanted) {
    const line = from.lineItems.find((candidate) => candidate.id === id);
    if (!line) continue;
    line.remainingQuantity -= quantity;
    lines.push({
      ...line,
      id: book.nextId("FulfillmentOrderLineItem"),
      remainingQuantity: quantity,
    });
  }
  const carved: FakeFulfillmentOrder = {
    id: book.nextId("FulfillmentOrder"),
    status: "OPEN",
    ...(location ? { location } : {}),
    deliveryMethod: from.deliveryMethod,
    holds: [],
    lineItems: lines,
  };
  order.fulfillmentOrders.push(carved);
  if (from.lineItems.every((line) => line.remainingQuantity === 0)) from.status = "CLOSED";
  return carved;
}

function everything(fulfillmentOrder: FakeFulfillmentOrder): LineInput[] {
  return fulfillmentOrder.lineItems
    .filter((line) => line.remainingQuantity > 0)
    .map((line) => ({ id: line.id, quantity: line.remainingQuantity }));
}

/** The lines given, or (none given: the schema's default is an empty list) all that remain. */
function orAll(
  given: readonly LineInput[] | null | undefined,
  fulfillmentOrder: FakeFulfillmentOrder,
): readonly LineInput[] {
  return given && given.length > 0 ? given : everything(fulfillmentOrder);
}

function isEverything(fulfillmentOrder: FakeFulfillmentOrder, wanted: readonly LineInput[]) {
  return fulfillmentOrder.lineItems.every(
    (line) =>
      line.remainingQuantity ===
      wanted
        .filter((input) => input.id === line.id)
        .reduce((sum, input) => sum + input.quantity, 0),
  );
}

export function fulfillmentOrderMutations(book: FulfillmentOrderBook) {
  const missing = (field: string) => userError([field], "Fulfillment order does not exist.");
  return {
    fulfillmentOrderHold(args: {
      id: string;
      fulfillmentHold: {
        reason: string;
        reasonNotes?: string | null;
        handle?: string | null;
        fulfillmentOrderLineItems?: readonly LineInput[] | null;
      };
    }) {
      const fail = (error: ReturnType<typeof userError>) => ({
        fulfillmentHold: null,
        fulfillmentOrder: null,
        remainingFulfillmentOrder: null,
        userErrors: [error],
      });
      const found = book.find(args.id);
      if (!found) return fail(missing("id"));
      const { order, fulfillmentOrder } = found;
      if (!ACTIVE.has(fulfillmentOrder.status) && fulfillmentOrder.status !== "ON_HOLD") {
        return fail(
          userError(["id"], `The fulfillment order's status is ${fulfillmentOrder.status}.`),
        );
      }
      const handle = args.fulfillmentHold.handle ?? "";
      const holds = fulfillmentOrder.holds ?? [];
      if (holds.some((hold) => hold.handle === handle)) {
        return fail(
          userError(
            ["fulfillmentHold", "handle"],
            "The handle provided for the fulfillment hold is already in use by this app for another hold on this fulfillment order.",
          ),
        );
      }
      const wanted = orAll(args.fulfillmentHold.fulfillmentOrderLineItems, fulfillmentOrder);
      const wrong = checkLines(fulfillmentOrder, wanted);
      if (wrong) return fail(userError(["fulfillmentHold", "fulfillmentOrderLineItems"], wrong));
      // A hold on some lines: the rest are split off into an open fulfillment order.
      let remaining: FakeFulfillmentOrder | undefined;
      if (!isEverything(fulfillmentOrder, wanted)) {
        const rest = fulfillmentOrder.lineItems
          .map((line) => ({
            id: line.id,
            quantity:
              line.remainingQuantity -
              wanted
                .filter((input) => input.id === line.id)
                .reduce((sum, i) => sum + i.quantity, 0),
          }))
          .filter((line) => line.quantity > 0);
        remaining = carveOut(book, order, fulfillmentOrder, rest, fulfillmentOrder.location);
      }
      const hold = {
        id: book.nextId("FulfillmentHold"),
        reason: args.fulfillmentHold.reason,
        reasonNotes: args.fulfillmentHold.reasonNotes ?? null,
        handle,
      };
      fulfillmentOrder.holds = [...holds, hold];
      fulfillmentOrder.status = "ON_HOLD";
      return {
        fulfillmentHold: { ...hold, displayReason: hold.reason, heldByRequestingApp: true },
        fulfillmentOrder: book.view(fulfillmentOrder),
        remainingFulfillmentOrder: remaining ? book.view(remaining) : null,
        userErrors: [],
      };
    },

    fulfillmentOrderReleaseHold(args: { id: string; holdIds?: readonly string[] | null }) {
      const found = book.find(args.id);
      if (!found) return { fulfillmentOrder: null, userErrors: [missing("id")] };
      const { fulfillmentOrder } = found;
      if (fulfillmentOrder.status !== "ON_HOLD") {
        return {
          fulfillmentOrder: null,
          userErrors: [userError(["id"], "The fulfillment order is not on hold.")],
        };
      }
      const holds = fulfillmentOrder.holds ?? [];
      const released = args.holdIds ?? holds.map((hold) => hold.id);
      const unknown = released.find((id) => !holds.some((hold) => hold.id === id));
      if (unknown) {
        return {
          fulfillmentOrder: null,
          userErrors: [userError(["holdIds"], `Fulfillment hold ${unknown} does not exist.`)],
        };
      }
      fulfillmentOrder.holds = holds.filter((hold) => !released.includes(hold.id));
      if (fulfillmentOrder.holds.length === 0) {
        fulfillmentOrder.status = fulfillmentOrder.progressed ? "IN_PROGRESS" : "OPEN";
      }
      return { fulfillmentOrder: book.view(fulfillmentOrder), userErrors: [] };
    },

    fulfillmentOrderMove(args: {
      id: string;
      newLocationId: string;
      fulfillmentOrderLineItems?: readonly LineInput[] | null;
    }) {
      const fail = (error: ReturnType<typeof userError>) => ({
        movedFulfillmentOrder: null,
        originalFulfillmentOrder: null,
        remainingFulfillmentOrder: null,
        userErrors: [error],
      });
      const found = book.find(args.id);
      if (!found) return fail(missing("id"));
      const { order, fulfillmentOrder } = found;
      if (!ACTIVE.has(fulfillmentOrder.status)) {
        return fail(userError(["id"], "Cannot move a fulfillment order that is not open."));
      }
      const location = book.location(args.newLocationId);
      if (!location) return fail(userError(["newLocationId"], "Location does not exist."));
      const wanted = orAll(args.fulfillmentOrderLineItems, fulfillmentOrder);
      const wrong = checkLines(fulfillmentOrder, wanted);
      if (wrong) return fail(userError(["fulfillmentOrderLineItems"], wrong));
      // Nothing fulfilled from it and all of it moved: the fulfillment order itself moves.
      if (!fulfillmentOrder.progressed && isEverything(fulfillmentOrder, wanted)) {
        fulfillmentOrder.location = location;
        const view = book.view(fulfillmentOrder);
        return {
          movedFulfillmentOrder: view,
          originalFulfillmentOrder: view,
          remainingFulfillmentOrder: null,
          userErrors: [],
        };
      }
      const moved = carveOut(book, order, fulfillmentOrder, wanted, location);
      return {
        movedFulfillmentOrder: book.view(moved),
        originalFulfillmentOrder: book.view(fulfillmentOrder),
        remainingFulfillmentOrder:
          fulfillmentOrder.status === "CLOSED" ? null : book.view(fulfillmentOrder),
        userErrors: [],
      };
    },

    fulfillmentOrderSplit(args: {
      fulfillmentOrderSplits: readonly {
        fulfillmentOrderId: string;
        fulfillmentOrderLineItems: readonly LineInput[];
      }[];
    }) {
      const fail = (error: ReturnType<typeof userError>) => ({
        fulfillmentOrderSplits: null,
        userErrors: [error],
      });
      const results = [];
      for (const split of args.fulfillmentOrderSplits) {
        const found = book.find(split.fulfillmentOrderId);
        if (!found) return fail(missing("fulfillmentOrderId"));
        const { order, fulfillmentOrder } = found;
        if (!ACTIVE.has(fulfillmentOrder.status)) {
          return fail(userError(["fulfillmentOrderId"], "The fulfillment order is not open."));
        }
        const wrong = checkLines(fulfillmentOrder, split.fulfillmentOrderLineItems);
        if (wrong) return fail(userError(["fulfillmentOrderLineItems"], wrong));
        if (isEverything(fulfillmentOrder, split.fulfillmentOrderLineItems)) {
          return fail(
            userError(
              ["fulfillmentOrderLineItems"],
              "A split must leave at least one line item quantity in the fulfillment order.",
            ),
          );
        }
        const carved = carveOut(
          book,
          order,
          fulfillmentOrder,
          split.fulfillmentOrderLineItems,
          fulfillmentOrder.location,
        );
        results.push({
          fulfillmentOrder: book.view(fulfillmentOrder),
          remainingFulfillmentOrder: book.view(carved),
          replacementFulfillmentOrder: null,
        });
      }
      return { fulfillmentOrderSplits: results, userErrors: [] };
    },

    fulfillmentOrderMerge(args: {
      fulfillmentOrderMergeInputs: readonly {
        mergeIntents: readonly {
          fulfillmentOrderId: string;
          fulfillmentOrderLineItems?: readonly LineInput[] | null;
        }[];
      }[];
    }) {
      const fail = (message: string) => ({
        fulfillmentOrderMerges: null,
        userErrors: [userError(["fulfillmentOrderMergeInputs"], message)],
      });
      const results = [];
      for (const input of args.fulfillmentOrderMergeInputs) {
        const found = input.mergeIntents.map((intent) => book.find(intent.fulfillmentOrderId));
        if (found.some((entry) => entry === undefined)) {
          return fail("Fulfillment order does not exist.");
        }
        const entries = found as { order: FakeOrder; fulfillmentOrder: FakeFulfillmentOrder }[];
        const [target, ...others] = entries;
        if (!target || others.length === 0)
          return fail("At least two fulfillment orders are merged.");
        if (entries.some((entry) => entry.order !== target.order)) {
          return fail("The fulfillment orders belong to different orders.");
        }
        if (entries.some((entry) => entry.fulfillmentOrder.status !== "OPEN")) {
          return fail("Only open fulfillment orders can be merged.");
        }
        const where = (entry: { fulfillmentOrder: FakeFulfillmentOrder }) =>
          entry.fulfillmentOrder.location?.id ?? "";
        if (entries.some((entry) => where(entry) !== where(target))) {
          return fail("The fulfillment orders are assigned to different locations.");
        }
        // Each intent gives its lines and quantities (none: all that remain).
        const wanted = entries.map(({ fulfillmentOrder }, index) =>
          orAll(input.mergeIntents[index]?.fulfillmentOrderLineItems, fulfillmentOrder),
        );
        for (const [index, { fulfillmentOrder }] of entries.entries()) {
          const problem = checkLines(fulfillmentOrder, wanted[index] ?? []);
          if (problem) return fail(problem);
        }
        // The merge makes a new fulfillment order; what the merged ones have
        // left stays with them, and one with nothing left is closed.
        const lines: FakeFulfillmentOrder["lineItems"] = [];
        for (const [index, { fulfillmentOrder }] of entries.entries()) {
          for (const { id, quantity } of wanted[index] ?? []) {
            const line = fulfillmentOrder.lineItems.find((candidate) => candidate.id === id);
            if (!line) continue;
            line.remainingQuantity -= quantity;
            const lineItemId = line.lineItemId ?? line.id;
            const same = lines.find((candidate) => candidate.lineItemId === lineItemId);
            if (same) same.remainingQuantity += quantity;
            else {
              lines.push({
                ...line,
                lineItemId,
                id: book.nextId("FulfillmentOrderLineItem"),
                remainingQuantity: quantity,
              });
            }
          }
          if (fulfillmentOrder.lineItems.every((line) => line.remainingQuantity === 0)) {
            fulfillmentOrder.status = "CLOSED";
          }
        }
        const merged: FakeFulfillmentOrder = {
          id: book.nextId("FulfillmentOrder"),
          status: "OPEN",
          ...(target.fulfillmentOrder.location
            ? { location: target.fulfillmentOrder.location }
            : {}),
          deliveryMethod: target.fulfillmentOrder.deliveryMethod,
          holds: [],
          lineItems: lines,
        };
        target.order.fulfillmentOrders.push(merged);
        results.push({ fulfillmentOrder: book.view(merged) });
      }
      return { fulfillmentOrderMerges: results, userErrors: [] };
    },

    /**
     * Shopify cancels a fulfillment order whose fulfillment request was
     * submitted (SUBMITTED, CANCELLATION_REQUESTED): it is closed and a
     * replacement with what it had left is made. A merchant-managed one
     * (request UNSUBMITTED, this app's) is refused.
     */
    fulfillmentOrderCancel(args: { id: string }) {
      const found = book.find(args.id);
      const refuse = (message: string) => ({
        fulfillmentOrder: null,
        replacementFulfillmentOrder: null,
        userErrors: [userError(["id"], message)],
      });
      if (!found) {
        return {
          fulfillmentOrder: null,
          replacementFulfillmentOrder: null,
          userErrors: [missing("id")],
        };
      }
      const { order, fulfillmentOrder } = found;
      if (fulfillmentOrder.status === "CLOSED" || fulfillmentOrder.status === "CANCELLED") {
        return refuse(`The fulfillment order's status is ${fulfillmentOrder.status}.`);
      }
      const request = fulfillmentOrder.requestStatus ?? "UNSUBMITTED";
      if (request !== "SUBMITTED" && request !== "CANCELLATION_REQUESTED") {
        return refuse(`The fulfillment order's request status is ${request}.`);
      }
      const lines = fulfillmentOrder.lineItems
        .filter((line) => line.remainingQuantity > 0)
        .map((line) => ({
          ...line,
          lineItemId: line.lineItemId ?? line.id,
          id: book.nextId("FulfillmentOrderLineItem"),
        }));
      for (const line of fulfillmentOrder.lineItems) line.remainingQuantity = 0;
      fulfillmentOrder.status = "CLOSED";
      const replacement: FakeFulfillmentOrder = {
        id: book.nextId("FulfillmentOrder"),
        status: "OPEN",
        ...(fulfillmentOrder.location ? { location: fulfillmentOrder.location } : {}),
        deliveryMethod: fulfillmentOrder.deliveryMethod,
        holds: [],
        lineItems: lines,
      };
      order.fulfillmentOrders.push(replacement);
      return {
        fulfillmentOrder: book.view(fulfillmentOrder),
        replacementFulfillmentOrder: book.view(replacement),
        userErrors: [],
      };
    },
  };
}
