// The app's own reasons an order needs the merchant's attention, in Polish and
// English, so the list of orders can be shown in either language; and core's
// validation issues in the shop's other language, when mapping the order again
// in that language finds the same problems.
import {
  type Issue,
  type Language,
  type StoreOrderInput,
  safeToPackage,
  type ToPackageOptions,
} from "@shipbridge/core";
import type { IssuesByLanguage } from "../store/shipments.ts";

type Texts = Record<Language, string>;

function both(path: string, rule: string, texts: Texts): IssuesByLanguage {
  return {
    pl_PL: [{ path, rule, message: texts.pl_PL }],
    en_GB: [{ path, rule, message: texts.en_GB }],
  };
}

export function connectionIssues(state: "reconnect" | "not_connected"): IssuesByLanguage {
  return state === "reconnect"
    ? both("connection", "reauthorization_required", {
        pl_PL: "Połącz ponownie konto wysyłkowe w ustawieniach aplikacji.",
        en_GB: "Reconnect the shipping account in the app's settings.",
      })
    : both("connection", "not_connected", {
        pl_PL: "Połącz konto wysyłkowe w ustawieniach aplikacji.",
        en_GB: "Connect the shipping account in the app's settings.",
      });
}

export function senderIssues(): IssuesByLanguage {
  return both("settings.sender", "required", {
    pl_PL: "Wpisz adres nadawcy w ustawieniach aplikacji.",
    en_GB: "Enter the sender address in the app's settings.",
  });
}

/** The order has more lines than the app reads from Shopify at once. */
export function tooLargeIssues(): IssuesByLanguage {
  return both("order.line_items", "order_too_large", {
    pl_PL:
      "Zamówienie ma więcej niż 100 pozycji albo więcej niż 10 zleceń realizacji, a tyle aplikacja odczytuje; wyślij je ręcznie.",
    en_GB:
      "The order has more than 100 lines or more than 10 fulfilment orders, which is what the app reads; ship it by hand.",
  });
}

/**
 * A cash-on-delivery order shipped in several parcels: which parcel collects
 * how much is the merchant's choice, never guessed.
 */
export function codSplitIssues(parcels: number): IssuesByLanguage {
  return both("order.cod", "cod_split", {
    pl_PL: `Zamówienie za pobraniem jest wysyłane w ${parcels} paczkach z osobnych zleceń realizacji; połącz je w Shopify w jedno albo wyślij je ręcznie.`,
    en_GB: `The cash-on-delivery order ships in ${parcels} parcels from separate fulfilment orders; merge them in Shopify into one, or ship it by hand.`,
  });
}

/**
 * The order's open fulfillment orders are assigned to several locations:
 * one parcel has one sender, and Shopify fulfils one location at a time.
 */
export function severalLocationsIssues(locations: readonly string[]): IssuesByLanguage {
  const named = locations.filter((name) => name !== "").join(", ");
  const list = named === "" ? "" : ` (${named})`;
  return both("order.fulfillment_orders", "several_locations", {
    pl_PL: `Produkty zamówienia są wysyłane z ${locations.length} lokalizacji${list}, a jedna paczka ma jednego nadawcę; przenieś je do jednej lokalizacji w Shopify i ponów albo wyślij je ręcznie.`,
    en_GB: `The order's items ship from ${locations.length} locations${list}, and one parcel has one sender; move them to one location in Shopify and retry, or ship them by hand.`,
  });
}

/**
 * The order's parcels ship from several locations that have no full address
 * in Shopify: the shop's sender address stands for one location only.
 */
export function locationAddressIssues(locations: readonly string[]): IssuesByLanguage {
  const named = locations.filter((name) => name !== "").join(", ");
  const list = named === "" ? "" : ` (${named})`;
  return both("order.fulfillment_orders.assigned_location", "location_address_missing", {
    pl_PL: `Zamówienie jest wysyłane z ${locations.length} lokalizacji bez pełnego adresu w Shopify${list}, a adres nadawcy z ustawień aplikacji to adres jednej z nich; uzupełnij adresy lokalizacji w Shopify i ponów albo wyślij je ręcznie.`,
    en_GB: `The order ships from ${locations.length} locations with no full address in Shopify${list}, and the sender address in the app's settings is one location's; enter the locations' addresses in Shopify and retry, or ship it by hand.`,
  });
}

/** No open fulfillment order is left with anything to fulfil (fulfilled by hand in Shopify): no parcel is bought. */
export function fulfilledElsewhereIssues(): IssuesByLanguage {
  return both("order.fulfillment_orders", "fulfilled_elsewhere", {
    pl_PL:
      "W Shopify nie zostało nic do zrealizowania przez aplikację (zamówienie zrealizowano lub jest realizowane poza aplikacją), więc paczka nie została kupiona; sprawdź zamówienie w Shopify.",
    en_GB:
      "Nothing is left in Shopify for the app to fulfil (the order was fulfilled, or is being fulfilled, outside the app), so no parcel was bought; check the order in Shopify.",
  });
}

/**
 * A parcel was bought for a fulfillment order that Shopify then changed
 * (split, merged, moved, held in part, or gone) before its fulfilment was
 * made: its goods may now be in another fulfillment order. Nothing more is
 * bought for the order until the merchant sorts it out, so the same goods are
 * never paid for twice.
 */
export function boughtChangedIssues(): IssuesByLanguage {
  return both("order.fulfillment_orders", "bought_fulfillment_order_changed", {
    pl_PL:
      "Paczka jest już opłacona, ale jej zlecenie realizacji zmieniło się w Shopify (podzielone, połączone, przeniesione lub wstrzymane), zanim zostało zrealizowane; aplikacja nie kupi dla zamówienia kolejnej paczki. Zrealizuj zamówienie w Shopify z tą paczką albo ją anuluj, a potem ponów.",
    en_GB:
      "A parcel is already paid for, but its fulfilment order changed in Shopify (split, merged, moved or held) before it was fulfilled; the app buys no further parcel for the order. Fulfil the order in Shopify with that parcel, or cancel it, then retry.",
  });
}

/** Shopify refused the fulfilment of an order whose parcel is already bought. */
export function fulfilmentIssues(detail: string): IssuesByLanguage {
  return both("order.fulfillment", "fulfilment_refused", {
    pl_PL: `Paczka jest opłacona, ale Shopify nie przyjął realizacji zamówienia: ${detail}. Popraw zamówienie w Shopify i ponów (druga paczka nie zostanie kupiona).`,
    en_GB: `The parcel is paid for, but Shopify refused the order's fulfilment: ${detail}. Fix the order in Shopify and retry (no second parcel is bought).`,
  });
}

/** The shop ships on payment and the order is not paid yet: no parcel is bought before it is. */
export function unpaidIssues(): IssuesByLanguage {
  return both("order.financial_status", "not_paid", {
    pl_PL:
      "Zamówienie nie jest jeszcze opłacone, a sklep wysyła po opłaceniu; zostanie wysłane, gdy klient zapłaci.",
    en_GB:
      "The order is not paid yet, and the shop ships on payment; it ships once the customer pays.",
  });
}

/** The app was uninstalled while the order was being shipped (its job removed with the shop's). */
export function uninstalledIssues(): IssuesByLanguage {
  return both("order", "uninstalled", {
    pl_PL:
      "Aplikację odinstalowano, zanim wysyłka zamówienia się zakończyła; po ponownej instalacji ponów ją (opłacona już paczka nie zostanie kupiona drugi raz).",
    en_GB:
      "The app was uninstalled before the order's shipping finished; once it is installed again, retry (a parcel already paid for is not bought twice).",
  });
}

/** The order's money went back to the customer before a parcel was bought for it. */
export function refundedIssues(status: "refunded" | "voided"): IssuesByLanguage {
  return status === "refunded"
    ? both("order.financial_status", "refunded", {
        pl_PL: "Zamówienie zostało w całości zwrócone klientowi, więc nie jest wysyłane.",
        en_GB: "The order was refunded in full, so it is not shipped.",
      })
    : both("order.financial_status", "voided", {
        pl_PL: "Płatność za zamówienie została anulowana, więc nie jest ono wysyłane.",
        en_GB: "The order's payment was voided, so it is not shipped.",
      });
}

export function pointIssues(code: string, reason: "closed" | "unknown" | "holiday") {
  const texts: Record<typeof reason, Texts> = {
    closed: {
      pl_PL: `Punkt ${code} jest nieczynny; wybierz inny.`,
      en_GB: `Point ${code} is closed; choose another.`,
    },
    unknown: {
      pl_PL: `Nie ma punktu ${code}; wybierz inny.`,
      en_GB: `There is no point ${code}; choose another.`,
    },
    holiday: {
      pl_PL: `Punkt ${code} jest zamknięty na czas przerwy świątecznej; wybierz inny.`,
      en_GB: `Point ${code} is closed for a holiday; choose another.`,
    },
  };
  return both("order.pickup_point.code", "point_unavailable", texts[reason]);
}

/**
 * Core's issues for the order in `language`, plus the same problems in the
 * other language when mapping again in it finds them at the same paths (a
 * check that needs the service, such as its live country list, is only in
 * the language the run used).
 */
export function validationIssues(
  issues: readonly Issue<string>[],
  language: Language,
  order: StoreOrderInput,
  options: ToPackageOptions,
): IssuesByLanguage {
  const other: Language = language === "pl_PL" ? "en_GB" : "pl_PL";
  const again = safeToPackage(order, { ...options, language: other });
  const translated = again.success ? [] : [...again.error.issues];
  const samePaths =
    translated.length === issues.length &&
    translated.every(
      (issue, index) => issue.path === issues[index]?.path && issue.rule === issues[index]?.rule,
    );
  return samePaths ? { [language]: issues, [other]: translated } : { [language]: issues };
}

/** The issues to show in `language`: that language's when known, else those recorded. */
export function issuesIn(
  recorded: readonly Issue<string>[],
  byLanguage: IssuesByLanguage | undefined,
  language: Language,
): readonly Issue<string>[] {
  return byLanguage?.[language] ?? recorded;
}
