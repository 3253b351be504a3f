// What a print action asks the app for: the documents of some orders (their
// labels as one file, or their batch's handover protocol, one file per
// carrier), each with the short-lived signed link the admin prints from.
import { appJson, type Language, type Refusal } from "../../shared/app-api.ts";

export type DocumentKind = "labels" | "protocol";

export interface PrintDocument {
  readonly kind: DocumentKind;
  readonly src: string;
  readonly service?: string;
  readonly part?: number;
  readonly parts?: number;
}

export type PrintChoice =
  | { readonly ok: true; readonly language: Language; readonly documents: readonly PrintDocument[] }
  | { readonly ok: false; readonly refusal: Refusal };

export async function printChoice(
  kind: DocumentKind,
  orderIds: readonly string[],
): Promise<PrintChoice> {
  const answer = await appJson<{ language: Language; documents: PrintDocument[] }>(
    "/extension-api/print",
    { body: { document: kind, orderIds } },
  );
  return answer.ok
    ? { ok: true, language: answer.data.language, documents: answer.data.documents }
    : { ok: false, refusal: answer.refusal };
}
