// Client authentication at the token endpoint: HTTP Basic only (RFC 6749
// section 2.3.1). The client id and secret are form-urlencoded before they are
// joined with ":" and base64-encoded, so they are decoded here. Credentials
// in the request body are refused, and so is a second method beside Basic.
import type { SandboxDatabase } from "../state/database.ts";
import { type Application, authenticateApplication } from "./applications.ts";
import { OAuthError } from "./oauth-error.ts";

export interface BasicCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

function formDecode(value: string): string {
  return decodeURIComponent(value.replaceAll("+", " "));
}

/** The credentials of an `Authorization: Basic` header, or undefined without one. */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials | undefined {
  if (header === undefined) return undefined;
  const match = /^basic[ ]+([A-Za-z0-9+/]+={0,2})[ ]*$/i.exec(header);
  if (!match) {
    if (/^basic\b/i.test(header)) {
      throw new OAuthError(
        "invalid_client",
        "The Authorization header is not valid Basic credentials (base64 of client_id:client_secret).",
      );
    }
    return undefined;
  }
  const decoded = Buffer.from(match[1] as string, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) {
    throw new OAuthError(
      "invalid_client",
      "The Basic credentials must be client_id:client_secret, joined by a colon.",
    );
  }
  try {
    return {
      clientId: formDecode(decoded.slice(0, colon)),
      clientSecret: formDecode(decoded.slice(colon + 1)),
    };
  } catch {
    throw new OAuthError(
      "invalid_client",
      "The Basic credentials are not valid form-urlencoded client_id and client_secret.",
    );
  }
}

/** Authenticates the client of a token request, or throws the RFC 6749 error. */
export function authenticateClient(
  db: SandboxDatabase,
  authorization: string | undefined,
  form: URLSearchParams,
): Application {
  const basic = parseBasicAuthorization(authorization);
  const secretInBody = form.has("client_secret");
  if (!basic) {
    throw new OAuthError(
      "invalid_client",
      secretInBody || form.has("client_id")
        ? "Client credentials in the request body are not accepted: authenticate with HTTP Basic (Authorization: Basic base64(client_id:client_secret))."
        : "Client authentication is required: send Authorization: Basic base64(client_id:client_secret).",
    );
  }
  if (secretInBody) {
    throw new OAuthError(
      "invalid_request",
      "client_secret must not be sent in the request body: the client authenticates with HTTP Basic only.",
    );
  }
  const bodyClientId = form.get("client_id");
  if (bodyClientId !== null && bodyClientId !== basic.clientId) {
    throw new OAuthError(
      "invalid_request",
      "client_id in the body differs from the client of the Basic credentials.",
    );
  }
  const app = authenticateApplication(db, basic.clientId, basic.clientSecret);
  if (!app) throw new OAuthError("invalid_client", "Unknown client or wrong client secret.");
  return app;
}
