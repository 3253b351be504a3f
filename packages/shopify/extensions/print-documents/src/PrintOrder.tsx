// The order page's Print menu (admin.order-details.print-action.render):
// the order's label, printed from the app's short-lived signed link; when
// the order has no parcel yet, why, and nothing to print.
import "@shopify/ui-extensions/preact";
import type { Api } from "@shopify/ui-extensions/admin.order-details.print-action.render";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { type Language, numericId, type Refusal, refusalText } from "../../shared/app-api.ts";
import { texts } from "../../shared/texts.ts";
import { printChoice } from "./print-choice.ts";

declare const shopify: Api;

export default async () => {
  render(<PrintOrder orderId={numericId(shopify.data.selected[0]?.id)} />, document.body);
};

function PrintOrder({ orderId }: { orderId: string }) {
  const [language, setLanguage] = useState<Language>("pl");
  const [src, setSrc] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<Refusal | null>(null);

  useEffect(() => {
    void printChoice("labels", [orderId]).then((choice) => {
      if (choice.ok) {
        setLanguage(choice.language);
        setSrc(choice.documents[0]?.src);
      } else {
        setFailure(choice.refusal);
      }
    });
  }, [orderId]);

  return (
    <s-admin-print-action src={src}>
      {failure ? (
        <s-banner tone="warning">{refusalText(failure, language)}</s-banner>
      ) : (
        <s-text>{src ? texts(language).label : texts(language).loading}</s-text>
      )}
    </s-admin-print-action>
  );
}
