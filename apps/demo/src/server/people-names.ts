// What the dashboard's API answers carries the names people read beside the
// codes: a problem's field ("Telefon odbiorcy" beside
// `order.shipping_address.phone`) and a carrier ("InPost" beside `inpost`),
// from core's one list, in the language the request asks for.
import { fieldName, serviceName } from "@shipbridge/core";
import type { Language } from "./language.ts";

/** A problem at a path with the field's name for people. */
export interface NamedIssue {
  readonly path: string;
  readonly rule: string;
  readonly message: string;
  readonly field: string;
}

export function nameIssue(
  issue: { readonly path: string; readonly rule: string; readonly message: string },
  language: Language,
): NamedIssue {
  return { ...issue, field: fieldName(issue.path, language) };
}

/** The carrier's name for a service code; null stays null. */
export function carrierName(service: string | null | undefined, language: Language): string | null {
  return service ? serviceName(service, language) : null;
}

/** An order number as a file name's part: "#1001" → "1001". */
export function fileNamePart(text: string): string {
  return (
    text
      .replace(/^#/, "")
      .replace(/[^A-Za-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "") || "order"
  );
}
