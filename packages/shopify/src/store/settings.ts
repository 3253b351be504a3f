// A shop's settings, kept as one JSON document per shop: what the settings
// pages edit and what shipping and rates read. The shipping-service
// connection state sits beside it so "reconnect" shows on every page.
import type { Address } from "@shipbridge/core/schemas";
import type pg from "pg";

export const SHIP_ON = ["orders/paid", "orders/create", "manual"] as const;
export type ShipOn = (typeof SHIP_ON)[number];

/**
 * The file the day's labels print as: PDF with one label per A6 page (a
 * label printer), PDF with four labels per A4 page (any printer), or ZPL
 * (a thermal printer's own language).
 */
export const LABEL_FORMATS = ["pdf_a6", "pdf_a4", "zpl"] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

export interface BackupRate {
  readonly name: string;
  /** Major units of the checkout currency. */
  readonly price: number;
}

export interface ShopSettings {
  /** The merchant's address printed on labels, and where parcels are collected. */
  readonly sender?: Address;
  /** The usual box, centimetres. */
  readonly parcel?: { readonly width: number; readonly depth: number; readonly height: number };
  /** The carrier for orders whose shipping rate this app did not offer. */
  readonly defaultService: string;
  /** Carriers offered at checkout. */
  readonly services: readonly string[];
  /** Carriers whose lockers and points are offered at checkout. */
  readonly pointServices: readonly string[];
  readonly codIban?: string;
  readonly shipOn: ShipOn;
  readonly notifyCustomer: boolean;
  readonly ratesEnabled: boolean;
  /** Offered at checkout when the service cannot quote in time. Empty: answer no rates. */
  readonly backupRates: readonly BackupRate[];
  /** Messages in Polish or English. */
  readonly language: "pl_PL" | "en_GB";
  /** The format of a batch's one file of labels. */
  readonly labelFormat: LabelFormat;
}

export const DEFAULT_SETTINGS: ShopSettings = {
  defaultService: "inpost",
  services: ["inpost", "dpd"],
  pointServices: ["inpost"],
  shipOn: "orders/paid",
  notifyCustomer: true,
  ratesEnabled: false,
  backupRates: [],
  language: "pl_PL",
  labelFormat: "pdf_a4",
};

/** "connected", "not_connected", or "reconnect" (the service refused the stored tokens). */
export type ConnectionState = "connected" | "not_connected" | "reconnect";

export async function loadSettings(
  pool: pg.Pool,
  shop: string,
): Promise<{ settings: ShopSettings; connection: ConnectionState }> {
  const { rows } = await pool.query(
    "SELECT settings, connection FROM shipbridge_shopify_settings WHERE shop = $1",
    [shop],
  );
  const row = rows[0];
  return row
    ? { settings: { ...DEFAULT_SETTINGS, ...row.settings }, connection: row.connection }
    : { settings: DEFAULT_SETTINGS, connection: "not_connected" };
}

export async function saveSettings(
  pool: pg.Pool,
  shop: string,
  settings: ShopSettings,
): Promise<void> {
  await pool.query(
    `INSERT INTO shipbridge_shopify_settings (shop, settings) VALUES ($1, $2::jsonb)
     ON CONFLICT (shop) DO UPDATE SET settings = EXCLUDED.settings, updated_at = now()`,
    [shop, JSON.stringify(settings)],
  );
}

export async function setConnection(
  pool: pg.Pool,
  shop: string,
  state: ConnectionState,
): Promise<void> {
  await pool.query(
    `INSERT INTO shipbridge_shopify_settings (shop, settings, connection) VALUES ($1, $2::jsonb, $3)
     ON CONFLICT (shop) DO UPDATE SET connection = EXCLUDED.connection, updated_at = now()`,
    [shop, JSON.stringify(DEFAULT_SETTINGS), state],
  );
}
