// What a shipment asks of an order, as the attempt ledger compares shipments:
// its signature (the order lines and quantities it fulfils, so a retry or a
// batch's handover is recognised as the same shipment), each line's
// quantity, and each order line's ordered and fulfilled quantities as Medusa
// hands the order over. The provider and the batch compute them the same way.
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

/**
 * The shipment's items as one text: `line x quantity` per item, sorted. Two
 * requests for the same lines in the same quantities have the same signature.
 */
export function shipmentSignature(kind: "shipment" | "return", items: readonly Loose[]): string {
  const content = items
    .map((item) => {
      const quantity = num(item["quantity"]) ?? item["quantity"];
      return `${String(item["line_item_id"] ?? item["sku"] ?? item["title"])}x${String(quantity)}`;
    })
    .sort()
    .join(",");
  return `${kind}:${content || "no-items"}`;
}

/** The quantity a fulfillment asks of each order line. */
export function lineQuantities(items: readonly Loose[]): Record<string, number> {
  const lines: Record<string, number> = {};
  for (const item of items) {
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
