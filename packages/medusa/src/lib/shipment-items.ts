// What a shipment asks of an order, as the attempt ledger compares shipments:
// its signature (the order lines and quantities it fulfils, so a retry or a
// batch's handover is recognised as the same shipment), each line's
// quantity, and each order line's ordered and fulfilled quantities as Medusa
// hands the order over. A kit's parts (Medusa's items per inventory item of
// one line) count as their line once. The provider and the batch compute
// them the same way.
import type { OrderedLine } from "./attempt-ledger.ts";

type Loose = Record<string, unknown>;

function str(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function num(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) {
    return Number(value);
  }
  // Medusa's BigNumber values carry their number here.
  if (value !== null && typeof value === "object" && "numeric" in value) {
    return num((value as { numeric: unknown }).numeric);
  }
  return undefined;
}

/** An array, or the entries of a collection Medusa passes as its ORM entity's. */
export function listOf(value: unknown): Loose[] {
  if (Array.isArray(value)) return value as Loose[];
  if (value !== null && typeof value === "object" && Symbol.iterator in value) {
    return Array.from(value as Iterable<Loose>);
  }
  return [];
}

/** The order's line `lineId`, as Medusa hands the order over. */
function orderLine(order: Loose | undefined, lineId: string): Loose | undefined {
  return listOf(order?.["items"]).find((line) => line["id"] === lineId);
}

/**
 * How many units of inventory item `inventoryItemId` one unit of the line
 * takes (the variant's `required_quantity`); undefined when the order does
 * not say.
 */
function requiredQuantity(line: Loose | undefined, inventoryItemId: string): number | undefined {
  const variant = (line?.["variant"] ?? undefined) as Loose | undefined;
  const entry = listOf(variant?.["inventory_items"]).find(
    (item) =>
      ((item["inventory"] ?? undefined) as Loose | undefined)?.["id"] === inventoryItemId ||
      item["inventory_item_id"] === inventoryItemId,
  );
  const required = num(entry?.["required_quantity"]);
  return required !== undefined && required > 0 ? required : undefined;
}

/**
 * A fulfilment's items, one per order line. Medusa hands a provider one item
 * per inventory item of a line, under the line's id, each with that item's
 * `required_quantity` times the line's quantity: a kit of two parts is two
 * items of one line, a pair of one part is one item of twice the line's
 * quantity. Each line's quantity is its items' quantity divided by what one
 * unit of the line takes (the order's variant says; 1 when it does not),
 * the least over its inventory items; when the order does not say, it is
 * never more than what is left of the line to fulfil. Items of the same
 * inventory item (or of none) add up. Items without a line stay as they are.
 */
export function shipmentLines(items: readonly Loose[], order?: Loose): Loose[] {
  type Line = { first: Loose; count: number; parts: Map<string, number>; guessed: boolean };
  const lines = new Map<string, Line>();
  const result: (Loose | string)[] = [];
  for (const item of items) {
    const lineId = str(item["line_item_id"]);
    if (lineId === undefined) {
      result.push(item);
      continue;
    }
    let line = lines.get(lineId);
    if (line === undefined) {
      line = { first: item, count: 0, parts: new Map(), guessed: false };
      lines.set(lineId, line);
      result.push(lineId);
    }
    line.count += 1;
    const part = str(item["inventory_item_id"]) ?? "";
    const quantity = num(item["quantity"]) ?? 1;
    const required = part === "" ? 1 : requiredQuantity(orderLine(order, lineId), part);
    if (required === undefined) line.guessed = true;
    line.parts.set(part, (line.parts.get(part) ?? 0) + quantity / (required ?? 1));
  }
  return result.map((entry) => {
    if (typeof entry !== "string") return entry;
    const line = lines.get(entry) as Line;
    const ordered = orderLine(order, entry);
    let quantity = Math.min(...line.parts.values());
    if (line.guessed && line.parts.size > 0) {
      const detail = (ordered?.["detail"] ?? {}) as Loose;
      const left =
        (num(ordered?.["quantity"]) ?? num(detail["quantity"]) ?? Number.POSITIVE_INFINITY) -
        (num(detail["fulfilled_quantity"]) ?? 0);
      if (left >= 1) quantity = Math.min(quantity, left);
    }
    // One item that is the line itself: as Medusa gave it.
    if (line.count === 1 && quantity === (num(line.first["quantity"]) ?? 1)) return line.first;
    const { inventory_item_id: _part, ...rest } = line.first;
    return {
      ...rest,
      line_item_id: entry,
      quantity,
      title: ordered?.["variant_title"] ?? ordered?.["title"] ?? line.first["title"],
      sku: ordered?.["variant_sku"] || line.first["sku"] || "",
    };
  });
}

/**
 * The shipment's items as one text: `line x quantity` per order line (see
 * `shipmentLines`), sorted. Two requests for the same lines in the same
 * quantities have the same signature.
 */
export function shipmentSignature(
  kind: "shipment" | "return",
  items: readonly Loose[],
  order?: Loose,
): string {
  const content = shipmentLines(items, order)
    .map((item) => {
      const quantity = num(item["quantity"]) ?? item["quantity"];
      return `${String(item["line_item_id"] ?? item["sku"] ?? item["title"])}x${String(quantity)}`;
    })
    .sort()
    .join(",");
  return `${kind}:${content || "no-items"}`;
}

/** The quantity a fulfillment asks of each order line (see `shipmentLines`). */
export function lineQuantities(items: readonly Loose[], order?: Loose): Record<string, number> {
  const lines: Record<string, number> = {};
  for (const item of shipmentLines(items, order)) {
    const line = str(item["line_item_id"]);
    if (line === undefined) continue;
    lines[line] = (lines[line] ?? 0) + (num(item["quantity"]) ?? 1);
  }
  return lines;
}

/** Each order line's ordered and fulfilled quantity, as Medusa hands the order over. */
export function orderedLines(order: Loose | undefined): Record<string, OrderedLine> | undefined {
  const items = listOf(order?.["items"]);
  if (items.length === 0) return undefined;
  const lines: Record<string, OrderedLine> = {};
  for (const item of items) {
    const id = str(item["id"]);
    if (id === undefined) continue;
    const detail = (item["detail"] ?? {}) as Loose;
    lines[id] = {
      ordered: num(item["quantity"]) ?? num(detail["quantity"]),
      fulfilled: num(detail["fulfilled_quantity"]) ?? num(item["fulfilled_quantity"]),
    };
  }
  return lines;
}
