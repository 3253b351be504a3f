// Whether the app is installed in a shop: it holds the shop's offline
// session (made by the install, deleted by app/uninstalled). Connecting a
// shipping account for a shop that is not installed is refused, by
// ShopMerchant.connectUrl and by /connect alike, in English and Polish.
import { ShipbridgeError } from "@shipbridge/core";
import type { AppRuntime } from "../runtime/app-runtime.ts";

/** The app is not installed in the shop (code `shop_not_installed`). */
export class ShopNotInstalledError extends ShipbridgeError {
  override readonly name = "ShopNotInstalledError";
  readonly shop: string;
  /** The same in each language. */
  readonly messages: { readonly en: string; readonly pl: string };
  constructor(shop: string) {
    const messages = {
      en: `The app is not installed in ${shop}: install it from Shopify, then connect the shipping account.`,
      pl: `Aplikacja nie jest zainstalowana w sklepie ${shop}: zainstaluj ją z Shopify, potem połącz konto wysyłkowe.`,
    };
    super("shop_not_installed", `${messages.en} / ${messages.pl}`);
    this.shop = shop;
    this.messages = messages;
  }
}

export async function isInstalled(app: AppRuntime, shop: string): Promise<boolean> {
  const session = await app.storage.loadSession(app.shopify.session.getOfflineId(shop));
  return Boolean(session?.accessToken);
}

/** Throws ShopNotInstalledError unless the app is installed in `shop`. */
export async function requireInstalled(app: AppRuntime, shop: string): Promise<void> {
  if (!(await isInstalled(app, shop))) throw new ShopNotInstalledError(shop);
}
