// The pickup point chosen at checkout, looked up again before anything is
// paid for (points close during the day): gone, closed, on holiday or of
// another carrier is a refusal with the point's code and why, in English and
// Polish. The provider and the batch check it the same way.
import type { Language, ShippingClient } from "@shipbridge/core";
import { pointClosure } from "@shipbridge/core/rules";
import type { Point } from "@shipbridge/core/schemas";
import type { ChosenPoint } from "./medusa-order.ts";
import { PluginError } from "./plugin-error.ts";
import { POINT_REASONS, refusalMessage } from "./refusal-messages.ts";

/** One point by its code, wherever it is; undefined when the service does not know it. */
export async function findPoint(client: ShippingClient, code: string): Promise<Point | undefined> {
  const { points } = await client.points.map({
    location: { search_phrase: code },
    filters: { point_id: code },
    limit: 1,
  });
  return points.find((point) => point.code.toUpperCase() === code.toUpperCase());
}

/**
 * The refusal of `point` for a parcel of `service`, its message in
 * `language` and its `messages` in both; undefined when the point takes it.
 * The service's errors (the points cannot be asked now) reach the caller.
 */
export async function chosenPointRefusal(
  client: ShippingClient,
  point: ChosenPoint,
  service: string,
  language: Language,
): Promise<PluginError | undefined> {
  const found = await findPoint(client, point.code);
  const refusal = (code: string, reasons: Readonly<Record<Language, string>>) => {
    const text = (lang: Language) =>
      refusalMessage("point_refused", lang, { point: point.code, code, reason: reasons[lang] });
    return new PluginError(code, "invalid_data", text(language), {
      messages: { en_GB: text("en_GB"), pl_PL: text("pl_PL") },
    });
  };
  if (found === undefined) return refusal("point_not_found", POINT_REASONS.point_not_found);
  if (found.service !== service) {
    return refusal("point_other_carrier", {
      en_GB: `the point belongs to ${found.service}, not ${service}`,
      pl_PL: `punkt należy do ${found.service}, nie do ${service}`,
    });
  }
  const closure = pointClosure(found);
  return closure === undefined ? undefined : refusal("point_closed", POINT_REASONS[closure]);
}
