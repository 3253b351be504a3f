// The thank-you page's block (purchase.thank-you.block.render): the pickup
// point the order ships to, in the checkout's language.
import "@shopify/ui-extensions/preact";
import type { Api } from "@shopify/ui-extensions/purchase.thank-you.block.render";
import { render } from "preact";
import { languageOf } from "../../shared/texts.ts";
import { PickupPointCard } from "./PickupPointCard.tsx";

declare const shopify: Api;

export default async () => {
  render(
    <PickupPointCard
      orderId={shopify.orderConfirmation.value.order.id}
      language={languageOf(shopify.localization.language.value.isoCode)}
      token={() => shopify.sessionToken.get()}
    />,
    document.body,
  );
};
