// The address the merchant's browser is sent to (spec 4.1): response_type=code,
// the client id, the registered return address, an unguessable state and the
// scope when one is asked for.
export interface AuthorizationRequest {
  readonly authorizationEndpoint: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly state: string;
  readonly scope?: string | undefined;
}

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
  return url;
}
