// The orders a batch lists more than once, as shipOrder names them (the id
// as text, trimmed: "d-1", " d-1 " and, for 7, "7" are one order). Each
// repetition is an issue at its `orders[i].id` naming the first, so that the
// batch is refused before anything is sent: shipped twice in one result, an
// order would be reported twice and overstate the batch's progress. Orders
// without an id are left to the mapping, which refuses each on its own.
import type { Language } from "../issues/language.ts";
import { orderId } from "../mapping/ship-order.ts";
import type { StoreOrderInput } from "../mapping/store-order.ts";
import { type Issue, RULE_CODES, renderMessage } from "../validation/index.ts";

export function duplicateOrderIssues(
  orders: readonly StoreOrderInput[],
  language: Language,
): Issue[] {
  const issues: Issue[] = [];
  const first = new Map<string, number>();
  orders.forEach((order, index) => {
    const id = orderId(order);
    if (id === "") return;
    const seen = first.get(id);
    if (seen === undefined) {
      first.set(id, index);
      return;
    }
    const path = `orders[${index}].id`;
    const rule = RULE_CODES.order_listed_twice;
    const params = { order_id: id, first: `orders[${seen}].id` };
    issues.push({ path, rule, message: renderMessage({ path, rule, params }, language) });
  });
  return issues;
}
