// The OAuth 2.0 server's routes. The base host serves the authorization
// endpoint with its two forms, the token endpoint and the key set; the account
// host serves the token endpoint (identical behaviour) and the key set.
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../context.ts";
import { authorizeEndpoint, consentEndpoint, loginEndpoint } from "./authorize-endpoint.ts";
import { signingKey } from "./signing-key.ts";
import { tokenEndpoint } from "./token-endpoint.ts";

export function oauthRoutes(
  ctx: SandboxContext,
  options: { authorization: boolean },
): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  app.post("/oauth/token", tokenEndpoint(ctx));
  app.get("/.well-known/jwks.json", async (c) => {
    const key = await signingKey(ctx.db);
    return c.json({ keys: [key.publicJwk] }, 200, { "Cache-Control": "public, max-age=300" });
  });
  if (options.authorization) {
    app.get("/oauth/authorize", authorizeEndpoint(ctx));
    app.post("/oauth/authorize/login", loginEndpoint(ctx));
    app.post("/oauth/authorize/consent", consentEndpoint(ctx));
  }
  return app;
}
