// The orders list's Print menu for the selected orders
// (admin.order-index.selection-print-action.render): their labels as one
// file in the shop's label format, or the handover protocol of the batch
// that shipped them (one file per carrier, chosen from a list), each
// printed from the app's short-lived signed link.
import "@shopify/ui-extensions/preact";
import type { Api } from "@shopify/ui-extensions/admin.order-index.selection-print-action.render";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { type Language, type Refusal, refusalText } from "../../shared/app-api.ts";
import { texts } from "../../shared/texts.ts";
import { type DocumentKind, type PrintDocument, printChoice } from "./print-choice.ts";

declare const shopify: Api;

export default async () => {
  render(
    <PrintSelected orderIds={shopify.data.selected.map((order) => order.id)} />,
    document.body,
  );
};

function PrintSelected({ orderIds }: { orderIds: readonly string[] }) {
  const [language, setLanguage] = useState<Language>("pl");
  const [kind, setKind] = useState<DocumentKind>("labels");
  const [documents, setDocuments] = useState<readonly PrintDocument[]>([]);
  const [chosen, setChosen] = useState(0);
  const [failure, setFailure] = useState<Refusal | null>(null);
  const t = texts(language);

  useEffect(() => {
    setDocuments([]);
    setFailure(null);
    setChosen(0);
    void printChoice(kind, orderIds).then((choice) => {
      if (choice.ok) {
        setLanguage(choice.language);
        setDocuments(choice.documents);
      } else {
        setFailure(choice.refusal);
      }
    });
  }, [kind, orderIds]);

  const title = (document: PrintDocument) =>
    document.kind === "protocol"
      ? t.protocolOf(document.service ?? "", document.part ?? 1, document.parts ?? 1)
      : t.printLabels;

  return (
    <s-admin-print-action src={documents[chosen]?.src}>
      <s-stack gap="base">
        <s-select
          id="kind"
          label={t.document}
          value={kind}
          onChange={(event: Event) =>
            setKind((event.currentTarget as HTMLSelectElement).value as DocumentKind)
          }
        >
          <s-option value="labels">{t.printLabels}</s-option>
          <s-option value="protocol">{t.printProtocol}</s-option>
        </s-select>
        {documents.length > 1 ? (
          <s-select
            id="document"
            label={t.document}
            value={String(chosen)}
            onChange={(event: Event) =>
              setChosen(Number((event.currentTarget as HTMLSelectElement).value))
            }
          >
            {documents.map((document, index) => (
              <s-option key={document.src} value={String(index)}>
                {title(document)}
              </s-option>
            ))}
          </s-select>
        ) : null}
        {failure ? <s-banner tone="warning">{refusalText(failure, language)}</s-banner> : null}
      </s-stack>
    </s-admin-print-action>
  );
}
