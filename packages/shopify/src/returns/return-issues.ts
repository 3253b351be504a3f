// Why a return's parcel cannot be bought as things stand, in English and
// Polish, for the merchant: each an Issue with the path of what to fix.
import type { Issue, Language } from "@shipbridge/core";
import type { ReturnRow } from "../store/returns.ts";

type Problem = "no_sender" | "no_drop_off" | "too_many_lines" | "cancellation_unconfirmed";

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
};

/** The problem in both languages. */
export function returnProblem(problem: Problem): NonNullable<ReturnRow["issues"]> {
  const issue = (language: Language): Issue<string> => ({
    path: PATHS[problem],
    rule: problem,
    message: TEXTS[problem][language],
  });
  return { en_GB: [issue("en_GB")], pl_PL: [issue("pl_PL")] };
}
