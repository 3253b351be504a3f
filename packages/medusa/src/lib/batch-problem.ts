// Why an order of a batch did not ship, kept for the admin to read later in
// English or Polish: a code, the message in both languages, the order's field
// problems in each language when core's rules refused it, and whether running
// the batch again may ship it.
import {
  type Issue,
  isReauthorizationRequiredError,
  isValidationApiError,
  isValidationError,
  type Language,
  type StoreOrderInput,
  safeToPackage,
  type ToPackageOptions,
} from "@shipbridge/core";
import { issueLines } from "./issue-lines.ts";
import { asMedusaError } from "./medusa-error.ts";
import { PluginError } from "./plugin-error.ts";

export interface BatchProblem {
  readonly code: string;
  readonly retryable: boolean;
  readonly messages: Readonly<Record<Language, string>>;
  /** The order's field problems per language (a language may be missing: see `validationProblem`). */
  readonly issues?: Partial<Record<Language, readonly Issue<string>[]>>;
}

type Texts = Readonly<Record<Language, string>>;

/** A problem of the plugin's own, in both languages. */
export function problem(code: string, retryable: boolean, messages: Texts): BatchProblem {
  return { code, retryable, messages };
}

export const BATCH_PROBLEMS = {
  order_not_found: () =>
    problem("order_not_found", false, {
      en_GB: "Medusa has no such order.",
      pl_PL: "Medusa nie ma takiego zamówienia.",
    }),
  order_cancelled: () =>
    problem("order_cancelled", false, {
      en_GB: "The order is cancelled, so it is not shipped.",
      pl_PL: "Zamówienie jest anulowane, więc nie jest wysyłane.",
    }),
  /** The order was cancelled after its parcel was bought: the parcel cancelled at once, or left to the reconcile job. */
  cancelled_while_bought: (cancelled: boolean) =>
    problem(
      "order_cancelled",
      false,
      cancelled
        ? {
            en_GB:
              "The order was cancelled while the batch bought its parcel: the parcel was cancelled at once (its price is refunded).",
            pl_PL:
              "Zamówienie anulowano, gdy partia kupowała jego paczkę: paczkę od razu anulowano (jej cena zostanie zwrócona).",
          }
        : {
            en_GB:
              "The order was cancelled while the batch bought its parcel, and the parcel could not be cancelled now; the reconcile job cancels it within about an hour (its price is refunded).",
            pl_PL:
              "Zamówienie anulowano, gdy partia kupowała jego paczkę, a paczki nie udało się teraz anulować; zadanie uzgadniające anuluje ją w ciągu około godziny (jej cena zostanie zwrócona).",
          },
    ),
  /** The items were fulfilled outside the batch after its parcel was bought. */
  fulfilled_while_bought: (cancelled: boolean) =>
    problem(
      "already_fulfilled",
      false,
      cancelled
        ? {
            en_GB:
              "The order's items were fulfilled outside this batch while it bought their parcel: the parcel was cancelled at once (its price is refunded).",
            pl_PL:
              "Pozycje zamówienia zrealizowano poza tą partią, gdy kupowała ich paczkę: paczkę od razu anulowano (jej cena zostanie zwrócona).",
          }
        : {
            en_GB:
              "The order's items were fulfilled outside this batch while it bought their parcel, and the parcel could not be cancelled now; the reconcile job cancels it within about an hour (its price is refunded).",
            pl_PL:
              "Pozycje zamówienia zrealizowano poza tą partią, gdy kupowała ich paczkę, a paczki nie udało się teraz anulować; zadanie uzgadniające anuluje ją w ciągu około godziny (jej cena zostanie zwrócona).",
          },
    ),
  order_changed: () =>
    problem("order_changed", true, {
      en_GB:
        "The order changed while the batch was starting (its items or shipping method); nothing was bought. Start a batch of it again.",
      pl_PL:
        "Zamówienie zmieniło się, gdy partia startowała (jego pozycje lub metoda wysyłki); nic nie kupiono. Rozpocznij partię z nim ponownie.",
    }),
  not_this_provider: () =>
    problem("not_this_provider", false, {
      en_GB:
        "The order's shipping method is not one of this plugin's carriers; fulfil it by hand in Medusa.",
      pl_PL:
        "Metoda wysyłki zamówienia nie jest przewoźnikiem tej wtyczki; zrealizuj je ręcznie w Medusie.",
    }),
  nothing_to_fulfil: () =>
    problem("already_fulfilled", false, {
      en_GB:
        "Every item of the order is fulfilled already (outside this batch); no parcel was bought.",
      pl_PL:
        "Wszystkie pozycje zamówienia są już zrealizowane (poza tą partią); nie kupiono paczki.",
    }),
  nothing_to_ship: () =>
    problem("nothing_to_ship", false, {
      en_GB:
        "None of the order's items left to fulfil ships with this plugin's carriers (they are of another shipping profile, or need no shipping); fulfil them in Medusa. No parcel was bought.",
      pl_PL:
        "Żadna z pozycji zamówienia pozostałych do realizacji nie jest wysyłana przewoźnikami tej wtyczki (należą do innego profilu wysyłki albo nie wymagają wysyłki); zrealizuj je w Medusie. Nie kupiono paczki.",
    }),
  fulfilment_refused: (detail: string) =>
    problem("fulfilment_refused", true, {
      en_GB: `The parcel is paid for, but Medusa refused the order's fulfillment: ${detail}. Fix the order and create its fulfillment by hand with the same items (no second parcel is bought); otherwise the reconcile job cancels the parcel within about an hour.`,
      pl_PL: `Paczka jest opłacona, ale Medusa odrzuciła realizację zamówienia: ${detail}. Popraw zamówienie i utwórz jego realizację ręcznie z tymi samymi pozycjami (druga paczka nie zostanie kupiona); w przeciwnym razie zadanie uzgadniające anuluje paczkę w ciągu około godziny.`,
    }),
  interrupted: () =>
    problem("batch_interrupted", true, {
      en_GB: "The batch stopped before this order was shipped; start a batch of it again.",
      pl_PL: "Partia zatrzymała się, zanim to zamówienie zostało wysłane; rozpocznij je ponownie.",
    }),
} as const;

/**
 * Core's validation issues for the order in `language`, and in the other
 * language when mapping the order again in it finds the same problems at
 * the same paths (a check that needs the service, such as its live country
 * list, is only in the language the run used).
 */
export function validationProblem(
  issues: readonly Issue<string>[],
  language: Language,
  order: StoreOrderInput,
  options: ToPackageOptions,
): BatchProblem {
  const other: Language = language === "pl_PL" ? "en_GB" : "pl_PL";
  const again = safeToPackage(order, { ...options, language: other });
  const translated = again.success ? [] : [...again.error.issues];
  const same =
    translated.length === issues.length &&
    translated.every(
      (issue, index) => issue.path === issues[index]?.path && issue.rule === issues[index]?.rule,
    );
  const otherIssues = same ? translated : issues;
  return {
    code: "validation_failed",
    retryable: false,
    messages: {
      [language]: issueLines(issues),
      [other]: issueLines(otherIssues),
    } as Record<Language, string>,
    issues: same ? { [language]: issues, [other]: translated } : { [language]: issues },
  };
}

const LEAD: Readonly<Record<string, Texts>> = {
  refused: {
    en_GB: "The shipping service refused the order",
    pl_PL: "Usługa przewozowa odrzuciła zamówienie",
  },
  failed: {
    en_GB: "The shipment could not be finished now; run a batch of this order again",
    pl_PL: "Nie udało się teraz dokończyć wysyłki; uruchom partię z tym zamówieniem ponownie",
  },
};

/**
 * The problem of an error a batch met for one order: the plugin's own
 * refusals and core's validation in both languages; anything else (the
 * service's refusal, a transport failure) keeps the service's text under a
 * lead in each language.
 */
export function errorProblem(
  error: unknown,
  retryable: boolean,
  language: Language,
  mapping?: { order: StoreOrderInput; options: ToPackageOptions },
): BatchProblem {
  if (error instanceof PluginError && error.messages !== undefined) {
    return { code: error.code, retryable, messages: error.messages };
  }
  if (
    (isValidationError(error) || isValidationApiError(error)) &&
    mapping !== undefined &&
    error.issues.length > 0
  ) {
    return {
      ...validationProblem(error.issues as readonly Issue<string>[], language, mapping.order, {
        ...mapping.options,
      }),
      code: error.code,
      retryable,
    };
  }
  const texts = (lang: Language) => asMedusaError(error, lang).message;
  const code = asMedusaError(error, language).code ?? "unexpected_error";
  if (isReauthorizationRequiredError(error)) {
    return { code, retryable, messages: { en_GB: texts("en_GB"), pl_PL: texts("pl_PL") } };
  }
  const lead = retryable ? LEAD["failed"] : LEAD["refused"];
  const detail = texts(language);
  return {
    code,
    retryable,
    messages: {
      en_GB: `${lead?.en_GB}: ${detail}`,
      pl_PL: `${lead?.pl_PL}: ${detail}`,
    },
  };
}
