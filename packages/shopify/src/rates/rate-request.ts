// Shopify's carrier-service rate request and answer, as documented: the
// cart's origin, destination and items (prices in subunits, weights in
// grams), and the rates to offer (`total_price` a string of subunits).
/** A field of the request as trimmed text, or undefined when it is empty or missing. */
export function fieldText(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export interface RateAddress {
  readonly country?: string | null;
  readonly postal_code?: string | null;
  readonly province?: string | null;
  readonly city?: string | null;
  readonly address1?: string | null;
  readonly address2?: string | null;
}

export interface RateItem {
  readonly name?: string | null;
  readonly sku?: string | null;
  readonly quantity: number;
  readonly grams: number;
  /** Subunits of `currency`. */
  readonly price: number;
  readonly requires_shipping?: boolean | null;
}

export interface RateRequest {
  readonly origin: RateAddress;
  readonly destination: RateAddress;
  readonly items: readonly RateItem[];
  readonly currency: string;
  readonly locale?: string | null;
}

export interface ShopifyRate {
  readonly service_name: string;
  readonly service_code: string;
  /** Subunits, as a string. */
  readonly total_price: string;
  readonly currency: string;
  readonly description?: string;
  readonly phone_required?: boolean;
}
