// The address the merchant's browser is sent to (spec 4.1): response_type=code,
// the client id, the registered return address, an unguessable state, the
// scope when one is asked for, and the language of the service's pages when
// one is asked for (`ui_locales`, OpenID Connect's parameter: language tags
// by preference; a server that does not know it ignores it).
export interface AuthorizationRequest {
  readonly authorizationEndpoint: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly state: string;
  readonly scope?: string | undefined;
  /** Space-separated language tags by preference, e.g. "pl" or "en-GB pl". */
  readonly uiLocales?: string | undefined;
}

/** A space-separated list of BCP 47 language tags ("pl", "en-GB pl"). */
export const UI_LOCALES =
  /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*( [A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)*$/;

/** 32 random bytes, base64url: the CSRF state of one authorization request. */
export function generateState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export function buildAuthorizationUrl(request: AuthorizationRequest): URL {
  const url = new URL(request.authorizationEndpoint);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", request.clientId);
  url.searchParams.set("redirect_uri", request.redirectUri);
  url.searchParams.set("state", request.state);
  if (request.scope !== undefined) url.searchParams.set("scope", request.scope);
  if (request.uiLocales !== undefined) url.searchParams.set("ui_locales", request.uiLocales);
  return url;
}
