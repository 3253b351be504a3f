// Client authentication at the token endpoint, as a factory in the manner of
// oauth4webapi: the factory keeps the secret in a closure and returns a
// function that signs one request. The service wants HTTP Basic on every grant.
export type ClientAuthentication = (request: { headers: Headers; body: URLSearchParams }) => void;

/**
 * The application/x-www-form-urlencoded encoding that RFC 6749 section 2.3.1
 * applies to the client id and secret before they are joined and base64-encoded.
 */
export function formUrlEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

/** HTTP Basic client authentication (RFC 6749 section 2.3.1, `client_secret_basic`). */
export function clientSecretBasic(clientId: string, clientSecret: string): ClientAuthentication {
  const credentials = btoa(`${formUrlEncode(clientId)}:${formUrlEncode(clientSecret)}`);
  return ({ headers }) => {
    headers.set("authorization", `Basic ${credentials}`);
  };
}
