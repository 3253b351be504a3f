// What the plugin says when it refuses a request, in English or Polish (the
// request's language, else the plugin's): each refusal's text with its reason
// (the lines, the point, the missing parameter) kept in both.
import type { Language } from "@shipbridge/core";

type Texts<P> = Readonly<Record<Language, (params: P) => string>>;

const MESSAGES = {
  already_fulfilled: {
    en_GB: ({ reason }) =>
      `Cannot ship more items than were ordered: ${reason}. Nothing was sent to the shipping service.`,
    pl_PL: ({ reason }) =>
      `Nie można wysłać więcej, niż zamówiono: ${reason}. Nic nie wysłano do usługi przewozowej.`,
  } satisfies Texts<{ reason: string }>,
  return_shipped: {
    en_GB: ({ reason }) =>
      `This return has its parcel already (shipment ${reason}). Nothing was sent to the shipping service.`,
    pl_PL: ({ reason }) =>
      `Ten zwrot ma już swoją paczkę (przesyłka ${reason}). Nic nie wysłano do usługi przewozowej.`,
  } satisfies Texts<{ reason: string }>,
  attempt_unsettled: {
    en_GB: ({ reason }) =>
      `An earlier shipment of these items is not settled yet: ${reason}. Retry with exactly the same items to finish it, or wait for the reconcile job to settle it (within about an hour), then try again. Nothing was sent to the shipping service.`,
    pl_PL: ({ reason }) =>
      `Wcześniejsza wysyłka tych pozycji nie jest jeszcze rozliczona: ${reason}. Ponów z dokładnie tymi samymi pozycjami, aby ją dokończyć, albo poczekaj, aż zadanie uzgadniające ją rozliczy (w ciągu około godziny), i spróbuj ponownie. Nic nie wysłano do usługi przewozowej.`,
  } satisfies Texts<{ reason: string }>,
  attempt_in_progress: {
    en_GB: () =>
      "A shipment of these items is in progress; wait for it to finish, then try again. Nothing was sent to the shipping service.",
    pl_PL: () =>
      "Wysyłka tych pozycji jest w toku; poczekaj, aż się zakończy, i spróbuj ponownie. Nic nie wysłano do usługi przewozowej.",
  } satisfies Texts<Record<string, never>>,
  point_refused: {
    en_GB: ({ point, code, reason }) =>
      `pickup_point ${point} ${code}: ${reason}; choose another point for the order`,
    pl_PL: ({ point, code, reason }) =>
      `pickup_point ${point} ${code}: ${reason}; wybierz inny punkt odbioru dla zamówienia`,
  } satisfies Texts<{ point: string; code: string; reason: string }>,
  cod_not_configured: {
    en_GB: ({ order }) =>
      `cod.iban: order ${order} is to be paid on delivery, but cash on delivery is not configured (no IBAN in force); set cod.iban in the settings, or clear the order's ${"shipbridge_cod"} flag to ship it prepaid. Nothing was sent to the shipping service.`,
    pl_PL: ({ order }) =>
      `cod.iban: zamówienie ${order} ma być opłacone przy odbiorze, ale płatność za pobraniem nie jest skonfigurowana (brak numeru IBAN); ustaw cod.iban w ustawieniach albo usuń z zamówienia znacznik ${"shipbridge_cod"}, aby wysłać je jako opłacone. Nic nie wysłano do usługi przewozowej.`,
  } satisfies Texts<{ order: string }>,
  cart_not_found: {
    en_GB: ({ reason }) => `cart_id: cart not found (${reason})`,
    pl_PL: ({ reason }) => `cart_id: nie znaleziono koszyka (${reason})`,
  } satisfies Texts<{ reason: string }>,
  postcode_or_city_required: {
    en_GB: () => "postcode: give a postcode or a city",
    pl_PL: () => "postcode: podaj kod pocztowy lub miejscowość",
  } satisfies Texts<Record<string, never>>,
  service_required: {
    en_GB: () => "service: give the carrier, e.g. ?service=inpost",
    pl_PL: () => "service: podaj przewoźnika, np. ?service=inpost",
  } satisfies Texts<Record<string, never>>,
};

/** The reasons of a closed or unknown point, in both languages. */
export const POINT_REASONS = {
  point_not_found: {
    en_GB: "the service no longer knows this point",
    pl_PL: "usługa nie zna już tego punktu",
  },
  holiday: { en_GB: "the point is closed for a holiday", pl_PL: "punkt jest zamknięty (urlop)" },
  closed: { en_GB: "the point is closed (inactive)", pl_PL: "punkt jest nieczynny (nieaktywny)" },
} as const;

export type RefusalMessage = keyof typeof MESSAGES;

export function refusalMessage<K extends RefusalMessage>(
  key: K,
  language: Language,
  params: Parameters<(typeof MESSAGES)[K][Language]>[0] extends undefined
    ? Record<string, never>
    : Parameters<(typeof MESSAGES)[K][Language]>[0],
): string {
  return (MESSAGES[key][language] as (p: typeof params) => string)(params);
}
