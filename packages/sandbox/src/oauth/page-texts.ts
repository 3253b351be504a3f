// Every text of the authorization pages (login, consent, the error page), in
// Polish and English: titles, labels, buttons, the messages of a refused
// login or request, and what each scope lets the application do. The page's
// language comes from the request (http/page-language.ts); the texts for
// programs (error_description on the return address, the token endpoint's
// errors) stay English.
import type { Language } from "@shipbridge/core";
import { LOCKOUT_MESSAGES } from "../lockouts/login-lockouts.ts";

/** Why the authorization pages show the error page instead of going back to the application. */
export type AuthorizePageError =
  | "client_id_duplicate"
  | "client_id_missing"
  | "unknown_application"
  | "no_return_address"
  | "redirect_uri_duplicate"
  | "redirect_uri_missing"
  | "wrong_return_address"
  | "form_type"
  | "request_expired"
  | "csrf"
  | "application_gone"
  | "not_logged_in"
  | "bad_decision";

export interface AuthorizePageTexts {
  /** `<html lang>` */
  readonly html: string;
  readonly site: string;
  readonly loginTitle: string;
  /** Put before a page's title when the page says a refusal ("Błąd: Logowanie"). */
  readonly errorPrefix: string;
  /** Follows the application's name, in bold. */
  readonly asksToUse: string;
  readonly username: string;
  readonly password: string;
  readonly logIn: string;
  readonly sandboxNote: string;
  readonly consentTitle: string;
  readonly loggedInAs: string;
  /** Follows the application's name, in bold; the scopes are listed below. */
  readonly asksFor: string;
  readonly allow: string;
  readonly deny: string;
  readonly wrongPassword: string;
  readonly lockedUser: (seconds: number) => string;
  readonly lockedClient: (seconds: number) => string;
  readonly notSentBack: string;
  readonly errors: Readonly<Record<AuthorizePageError, { title: string; message: string }>>;
  /** What a scope lets the application do; a scope not listed is shown by its name. */
  readonly scopes: Readonly<Record<string, string>>;
}

const START_AGAIN_PL = "Zacznij od nowa w aplikacji.";

/** A wait in Polish: seconds under a minute, else whole minutes rounded up ("15 min"). */
function waitPl(seconds: number): string {
  return seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}
const START_AGAIN_EN = "Start again from the application.";

export const AUTHORIZE_PAGE_TEXTS: Readonly<Record<Language, AuthorizePageTexts>> = {
  pl_PL: {
    html: "pl",
    site: "Sandbox serwisu wysyłkowego",
    loginTitle: "Logowanie",
    errorPrefix: "Błąd:",
    asksToUse: "prosi o dostęp do Twojego konta wysyłkowego.",
    username: "Nazwa użytkownika",
    password: "Hasło",
    logIn: "Zaloguj się",
    sandboxNote: "To jest sandbox: żadne prawdziwe konto nie jest używane.",
    consentTitle: "Udziel dostępu",
    loggedInAs: "Zalogowano jako",
    asksFor: "prosi o dostęp do Twojego konta:",
    allow: "Zezwól",
    deny: "Odmów",
    wrongPassword: "Nieprawidłowa nazwa użytkownika lub hasło.",
    lockedUser: (s) =>
      `Zbyt wiele nieudanych prób logowania tego użytkownika; spróbuj ponownie za ${waitPl(s)}.`,
    lockedClient: (s) =>
      `Zbyt wiele nieudanych prób logowania z tej aplikacji; spróbuj ponownie za ${waitPl(s)}.`,
    notSentBack: "Nie wrócisz do aplikacji, ponieważ jej żądaniu nie można zaufać.",
    errors: {
      client_id_duplicate: {
        title: "Nieprawidłowe żądanie",
        message: "Parametr client_id podano więcej niż raz.",
      },
      client_id_missing: {
        title: "Nieprawidłowe żądanie",
        message:
          "Parametr client_id jest wymagany: to identyfikator klienta z rejestracji aplikacji.",
      },
      unknown_application: {
        title: "Nieznana aplikacja",
        message: "Żadna aplikacja nie jest zarejestrowana z tym client_id.",
      },
      no_return_address: {
        title: "Brak adresu powrotu",
        message:
          "Ta aplikacja nie ma zarejestrowanego redirect_uri, więc nie może korzystać z autoryzacji kodem.",
      },
      redirect_uri_duplicate: {
        title: "Nieprawidłowe żądanie",
        message: "Parametr redirect_uri podano więcej niż raz.",
      },
      redirect_uri_missing: {
        title: "Nieprawidłowe żądanie",
        message:
          "Parametr redirect_uri jest wymagany i musi być równy adresowi zarejestrowanemu dla aplikacji.",
      },
      wrong_return_address: {
        title: "Nieprawidłowy adres powrotu",
        message: "redirect_uri różni się od adresu zarejestrowanego dla tej aplikacji.",
      },
      form_type: {
        title: "Nieprawidłowe żądanie",
        message: "Formularz musi być wysłany jako application/x-www-form-urlencoded.",
      },
      request_expired: {
        title: "Żądanie wygasło",
        message: `To żądanie autoryzacji jest nieznane albo wygasło. ${START_AGAIN_PL}`,
      },
      csrf: {
        title: "Żądanie odrzucone",
        message: `Token bezpieczeństwa formularza nie pasuje do tej przeglądarki (nieudane sprawdzenie CSRF). ${START_AGAIN_PL}`,
      },
      application_gone: {
        title: "Nieznana aplikacja",
        message: "Aplikacja tego żądania nie jest już zarejestrowana.",
      },
      not_logged_in: {
        title: "Nie zalogowano",
        message: `Zaloguj się, zanim udzielisz dostępu. ${START_AGAIN_PL}`,
      },
      bad_decision: {
        title: "Nieprawidłowe żądanie",
        message: "Pole decision musi mieć wartość allow albo deny.",
      },
    },
    scopes: {
      api: "Tworzenie i zamawianie przesyłek, pobieranie ich etykiet i dokumentów, śledzenie oraz zamawianie kuriera.",
    },
  },
  en_GB: {
    html: "en",
    site: "Shipping service sandbox",
    loginTitle: "Log in",
    errorPrefix: "Error:",
    asksToUse: "asks to use your shipping account.",
    username: "User name",
    password: "Password",
    logIn: "Log in",
    sandboxNote: "This is the sandbox: no real account is used.",
    consentTitle: "Grant access",
    loggedInAs: "Logged in as",
    asksFor: "asks for access to your account:",
    allow: "Allow",
    deny: "Deny",
    wrongPassword: "Wrong user name or password.",
    lockedUser: LOCKOUT_MESSAGES.user,
    lockedClient: LOCKOUT_MESSAGES.client,
    notSentBack:
      "You were not sent back to the application, because its request could not be trusted.",
    errors: {
      client_id_duplicate: {
        title: "Invalid request",
        message: "client_id is given more than once.",
      },
      client_id_missing: {
        title: "Invalid request",
        message: "client_id is required: the client ID from the application's registration.",
      },
      unknown_application: {
        title: "Unknown application",
        message: "No application is registered with this client_id.",
      },
      no_return_address: {
        title: "No return address",
        message:
          "This application has no registered redirect_uri, so it cannot use the authorization-code flow.",
      },
      redirect_uri_duplicate: {
        title: "Invalid request",
        message: "redirect_uri is given more than once.",
      },
      redirect_uri_missing: {
        title: "Invalid request",
        message:
          "redirect_uri is required and must equal the address registered for the application.",
      },
      wrong_return_address: {
        title: "Wrong return address",
        message: "redirect_uri does not equal the address registered for this application.",
      },
      form_type: {
        title: "Invalid request",
        message: "The form must be sent as application/x-www-form-urlencoded.",
      },
      request_expired: {
        title: "Request expired",
        message: `This authorization request is unknown or has expired. ${START_AGAIN_EN}`,
      },
      csrf: {
        title: "Request refused",
        message: `The form's security token does not match this browser (CSRF check failed). ${START_AGAIN_EN}`,
      },
      application_gone: {
        title: "Unknown application",
        message: "The application of this request is no longer registered.",
      },
      not_logged_in: {
        title: "Not logged in",
        message: `Log in before granting access. ${START_AGAIN_EN}`,
      },
      bad_decision: {
        title: "Invalid request",
        message: "decision must be allow or deny.",
      },
    },
    scopes: {
      api: "Create and order shipments, their labels, documents and tracking, and book couriers.",
    },
  },
};
