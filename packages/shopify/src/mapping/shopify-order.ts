// The Shopify order as the orders/* webhooks deliver it (the REST JSON shape,
// snake_case), reduced to the fields the shipment needs. Every field is
// optional because Shopify omits or nulls fields freely; the mapping decides
// what is missing.
export interface ShopifyMoneySet {
  readonly shop_money?: { readonly amount?: string | null; readonly currency_code?: string | null };
}

export interface ShopifyAddress {
  readonly first_name?: string | null;
  readonly last_name?: string | null;
  readonly name?: string | null;
  readonly company?: string | null;
  readonly address1?: string | null;
  readonly address2?: string | null;
  readonly city?: string | null;
  readonly zip?: string | null;
  readonly province_code?: string | null;
  readonly country_code?: string | null;
  readonly phone?: string | null;
}

export interface ShopifyLineItem {
  readonly id?: number | string;
  readonly sku?: string | null;
  readonly name?: string | null;
  readonly title?: string | null;
  readonly quantity?: number | null;
  /** Quantity after order edits and removals; preferred over `quantity`. */
  readonly current_quantity?: number | null;
  /** Weight of one unit in grams. */
  readonly grams?: number | null;
  /** Price of one unit, a decimal string in the order currency. */
  readonly price?: string | null;
  readonly requires_shipping?: boolean | null;
}

export interface ShopifyShippingLine {
  readonly title?: string | null;
  /** For rates this app offered at checkout, the rate's service_code. */
  readonly code?: string | null;
  readonly source?: string | null;
  readonly price?: string | null;
}

export interface ShopifyOrder {
  readonly id: number | string;
  readonly admin_graphql_api_id?: string;
  readonly name?: string | null;
  readonly email?: string | null;
  readonly contact_email?: string | null;
  readonly phone?: string | null;
  readonly currency?: string | null;
  readonly total_price?: string | null;
  readonly subtotal_price?: string | null;
  readonly total_outstanding?: string | null;
  readonly total_shipping_price_set?: ShopifyMoneySet | null;
  readonly payment_gateway_names?: readonly string[] | null;
  readonly financial_status?: string | null;
  readonly cancelled_at?: string | null;
  /** When the order was placed. */
  readonly created_at?: string | null;
  /** When the order last changed; the newest delivery of an order wins. */
  readonly updated_at?: string | null;
  readonly customer?: {
    readonly first_name?: string | null;
    readonly last_name?: string | null;
    readonly email?: string | null;
    readonly phone?: string | null;
  } | null;
  readonly shipping_address?: ShopifyAddress | null;
  readonly line_items?: readonly ShopifyLineItem[] | null;
  readonly shipping_lines?: readonly ShopifyShippingLine[] | null;
}
