// The sandbox's own messages about HTTP itself: unknown paths, wrong methods,
// bodies that are too large, failures, injected faults and refused access
// tokens. Rule violations speak @shipbridge/core's catalogue instead; these
// are the answers no rule covers. Each comes in both languages of the API, and
// requestLanguage picks the one the request asked for with X-Language.
import type { Language } from "@shipbridge/core";
import { DEFAULT_LANGUAGE, isLanguage } from "@shipbridge/core/internal";
import type { Context } from "hono";

/** A message in both languages of the API. */
export type Localized = Readonly<Record<Language, string>>;

/** The request's language: the REST guard's choice, else a valid X-Language header, else the default. */
export function requestLanguage(c: Context): Language {
  const chosen: unknown = c.get("language");
  if (isLanguage(chosen)) return chosen;
  const header = c.req.header("x-language")?.trim();
  return header !== undefined && isLanguage(header) ? header : DEFAULT_LANGUAGE;
}

export const HTTP_MESSAGES = {
  notFound: (path: string): Localized => ({
    en_GB: `There is no resource at ${path}.`,
    pl_PL: `Pod adresem ${path} nie ma żadnego zasobu.`,
  }),
  methodNotAllowed: (method: string, path: string, allowed: string): Localized => ({
    en_GB: `${method} is not allowed on ${path}; use ${allowed}.`,
    pl_PL: `Metoda ${method} nie jest dozwolona dla ${path}; użyj: ${allowed}.`,
  }),
  payloadTooLarge: (bytes: number): Localized => ({
    en_GB: `The request body is larger than ${bytes} bytes.`,
    pl_PL: `Treść żądania jest większa niż ${bytes} bajtów.`,
  }),
  refused: {
    en_GB: "The request was refused.",
    pl_PL: "Żądanie zostało odrzucone.",
  },
  internalError: {
    en_GB: "The sandbox failed to answer this request.",
    pl_PL: "Piaskownica nie zdołała odpowiedzieć na to żądanie.",
  },
  /** The answers of injected faults, by status: the code and the message. */
  faults: {
    429: {
      code: "rate_limited",
      message: {
        en_GB: "Too many requests. Wait as long as Retry-After says, then try again.",
        pl_PL: "Zbyt wiele żądań. Odczekaj tyle, ile podaje Retry-After, i spróbuj ponownie.",
      },
    },
    500: {
      code: "internal_error",
      message: {
        en_GB: "The service failed to answer this request. Try again later.",
        pl_PL: "Serwis nie zdołał odpowiedzieć na to żądanie. Spróbuj ponownie później.",
      },
    },
    502: {
      code: "bad_gateway",
      message: {
        en_GB: "The service's gateway got no valid answer. Try again later.",
        pl_PL: "Bramka serwisu nie otrzymała poprawnej odpowiedzi. Spróbuj ponownie później.",
      },
    },
    503: {
      code: "service_unavailable",
      message: {
        en_GB: "The service is unavailable for a moment. Try again later.",
        pl_PL: "Serwis jest chwilowo niedostępny. Spróbuj ponownie później.",
      },
    },
    504: {
      code: "gateway_timeout",
      message: {
        en_GB: "The service's gateway timed out. Try again later.",
        pl_PL: "Bramka serwisu nie doczekała się odpowiedzi. Spróbuj ponownie później.",
      },
    },
  } satisfies Record<number, { code: string; message: Localized }>,
  /** Why an access token was refused (401 invalid_token). */
  token: {
    required: {
      en_GB: "An access token is required: send Authorization: Bearer <access_token>.",
      pl_PL: "Wymagany jest token dostępu: wyślij Authorization: Bearer <access_token>.",
    },
    expired: {
      en_GB: "The access token has expired.",
      pl_PL: "Token dostępu wygasł.",
    },
    forged: {
      en_GB: "The access token is not valid: it was not issued by this service or was altered.",
      pl_PL: "Token dostępu jest nieprawidłowy: nie wydał go ten serwis albo został zmieniony.",
    },
    unknown: {
      en_GB: "The access token is not known to this service.",
      pl_PL: "Ten serwis nie zna tego tokenu dostępu.",
    },
    invalidated: {
      en_GB: "The access token was invalidated.",
      pl_PL: "Token dostępu został unieważniony.",
    },
  },
} as const;
