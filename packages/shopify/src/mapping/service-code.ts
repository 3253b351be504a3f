// The service_code of the rates this app offers at checkout. Shopify copies
// it into the order's shipping line, so it is how the customer's choice (a
// carrier, or a carrier and one pickup point) travels from checkout to the
// shipment. It must stay stable from one rate request to the next, so it is
// built from the carrier and the point's code alone.
const PREFIX = "shipbridge";

export type RateChoice =
  | { readonly kind: "courier"; readonly service: string }
  | { readonly kind: "point"; readonly service: string; readonly point: string };

const SAFE = /^[A-Za-z0-9_.-]+$/;

/** `shipbridge:inpost` for a courier rate, `shipbridge:inpost:point:KRA010` for a point. */
export function encodeServiceCode(choice: RateChoice): string {
  for (const part of choice.kind === "point" ? [choice.service, choice.point] : [choice.service]) {
    if (!SAFE.test(part))
      throw new TypeError(`not a valid service code part: ${JSON.stringify(part)}`);
  }
  return choice.kind === "point"
    ? `${PREFIX}:${choice.service}:point:${choice.point}`
    : `${PREFIX}:${choice.service}`;
}

/** The choice inside a shipping line's code, or undefined when this app did not offer the rate. */
export function decodeServiceCode(code: string | null | undefined): RateChoice | undefined {
  if (!code) return undefined;
  const parts = code.trim().split(":");
  if (parts[0] !== PREFIX) return undefined;
  const [, service, kind, point] = parts;
  if (service === undefined || !SAFE.test(service)) return undefined;
  if (parts.length === 2) return { kind: "courier", service };
  if (parts.length === 4 && kind === "point" && point !== undefined && SAFE.test(point)) {
    return { kind: "point", service, point };
  }
  return undefined;
}
