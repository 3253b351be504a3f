// Why a return's parcel cannot be bought as things stand, in English and
// Polish, for the merchant: each an Issue with the path of what to fix.
import type { Issue, Language } from "@shipbridge/core";
import type { ReturnRow } from "../store/returns.ts";

type Problem =
  | "no_sender"
  | "no_drop_off"
  | "too_many_lines"
  | "cancellation_unconfirmed"
  | "has_label"
  | "no_reverse_order"
  | "label_refused"
  | "gave_up"
  | "parcel_cancelled";

const TEXTS: Readonly<Record<Problem, Readonly<Record<Language, string>>>> = {
  no_sender: {
    en_GB: "Set the shop's sender address in the settings: the return parcel goes back to it.",
    pl_PL: "Ustaw adres nadawcy sklepu w ustawieniach: paczka zwrotna wraca na ten adres.",
  },
  no_drop_off: {
    en_GB:
      "There is no point near the customer's address that takes parcels in for the shop's carriers; create the return label by hand.",
    pl_PL:
      "W pobliżu adresu klienta nie ma punktu, który przyjmuje przesyłki przewoźników sklepu; utwórz etykietę zwrotną ręcznie.",
  },
  too_many_lines: {
    en_GB: "The return has more than 50 lines; create its label by hand.",
    pl_PL: "Zwrot ma więcej niż 50 pozycji; utwórz jego etykietę ręcznie.",
  },
  has_label: {
    en_GB:
      "The return already has a label (uploaded by hand or by another app), so no parcel was bought for it.",
    pl_PL:
      "Zwrot ma już etykietę (dodaną ręcznie lub przez inną aplikację), więc nie kupiono dla niego paczki.",
  },
  no_reverse_order: {
    en_GB:
      "Shopify holds no open reverse fulfillment order for this return, so its label could not be attached; no parcel was bought.",
    pl_PL:
      "Shopify nie ma dla tego zwrotu otwartego zamówienia zwrotnego, więc nie można dołączyć etykiety; nie kupiono paczki.",
  },
  label_refused: {
    en_GB:
      "Shopify refused the return label, so its parcel was cancelled at the service; create the label by hand.",
    pl_PL:
      "Shopify odrzucił etykietę zwrotną, więc paczkę anulowano w serwisie; utwórz etykietę ręcznie.",
  },
  parcel_cancelled: {
    en_GB:
      "The return parcel was cancelled at the service, so the customer's label no longer works; create a new label by hand.",
    pl_PL:
      "Paczkę zwrotną anulowano w serwisie, więc etykieta klienta już nie działa; utwórz nową etykietę ręcznie.",
  },
  gave_up: {
    en_GB:
      "The return parcel could not be bought or attached (the service or Shopify did not answer for too long); Retry tries again and pays nothing twice.",
    pl_PL:
      "Nie udało się kupić ani dołączyć paczki zwrotnej (serwis lub Shopify zbyt długo nie odpowiadały); Ponów spróbuje ponownie i niczego nie opłaci dwa razy.",
  },
  cancellation_unconfirmed: {
    en_GB:
      "The return was cancelled in Shopify, but its parcel could not be cancelled at the service yet; the app tries again on its next returns pass. Until then the parcel stays paid.",
    pl_PL:
      "Zwrot anulowano w Shopify, ale jego paczki nie udało się jeszcze anulować w serwisie; aplikacja spróbuje ponownie przy następnym przeglądzie zwrotów. Do tego czasu paczka pozostaje opłacona.",
  },
};

const PATHS: Readonly<Record<Problem, string>> = {
  no_sender: "settings.sender",
  no_drop_off: "return.dropOff.point",
  too_many_lines: "return.items",
  cancellation_unconfirmed: "return",
  has_label: "return.reverseDeliveries",
  no_reverse_order: "return.reverseFulfillmentOrders",
  label_refused: "return.reverseDeliveries",
  gave_up: "return",
  parcel_cancelled: "return.parcel",
};

/** The problem in both languages; `detail` (Shopify's own words) is quoted after it. */
export function returnProblem(problem: Problem, detail?: string): NonNullable<ReturnRow["issues"]> {
  const issue = (language: Language): Issue<string> => ({
    path: PATHS[problem],
    rule: problem,
    message:
      detail === undefined
        ? TEXTS[problem][language]
        : `${TEXTS[problem][language]} (Shopify: ${detail})`,
  });
  return { en_GB: [issue("en_GB")], pl_PL: [issue("pl_PL")] };
}

/**
 * The issues core found in `language`, beside the same problems in the other
 * language when checking again in it (`check`, no request) finds them at the
 * same paths; a problem only the service found stays in its one language.
 */
export function bothLanguages(
  issues: readonly Issue<string>[],
  language: Language,
  check: (language: Language) => readonly Issue<string>[],
): NonNullable<ReturnRow["issues"]> {
  const other: Language = language === "pl_PL" ? "en_GB" : "pl_PL";
  const again = check(other);
  const same =
    again.length === issues.length &&
    again.every(
      (issue, index) => issue.path === issues[index]?.path && issue.rule === issues[index]?.rule,
    );
  return same ? { [language]: issues, [other]: again } : { [language]: issues };
}

/** What the service refused when buying the parcel (its words are English), in both languages. */
export function serviceRefusal(code: string, detail: string): NonNullable<ReturnRow["issues"]> {
  return {
    en_GB: [
      {
        path: "return",
        rule: code,
        message: `The service did not buy the return parcel: ${detail}`,
      },
    ],
    pl_PL: [
      {
        path: "return",
        rule: code,
        message: `Serwis nie kupił paczki zwrotnej (${code}). Szczegóły (po angielsku): ${detail}`,
      },
    ],
  };
}
