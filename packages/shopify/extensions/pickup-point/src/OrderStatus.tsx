// The order-status page's block (customer-account.order-status.block.render):
// the pickup point the order ships to, in the customer's language.
import "@shopify/ui-extensions/preact";
import type { Api } from "@shopify/ui-extensions/customer-account.order-status.block.render";
import { render } from "preact";
import { languageOf } from "../../shared/texts.ts";
import { PickupPointCard } from "./PickupPointCard.tsx";

declare const shopify: Api;

export default async () => {
  const order = shopify.order.value;
  if (!order) return;
  render(
    <PickupPointCard
      orderId={order.id}
      language={languageOf(shopify.localization.language.value.isoCode)}
      token={() => shopify.sessionToken.get()}
    />,
    document.body,
  );
};
