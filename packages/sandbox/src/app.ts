// The two Hono apps of the sandbox. The base app ({base_url}) serves the test
// controls, the OAuth 2.0 server and the REST API; the account app
// ({account_url}) serves the token endpoint, the key set and the public
// tracking page a customer opens (/zlokalizuj/{number}). Order matters:
// token requests are counted first, the controls answer before fault
// injection, and the REST routes come last, behind the faults.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { SandboxContext, SandboxEnv } from "./context.ts";
import type { SandboxControls } from "./controls/routes.ts";
import { controlRoutes } from "./controls/routes.ts";
import type { SandboxHost } from "./controls/token-stats.ts";
import { faultMiddleware } from "./faults/fault-middleware.ts";
import { drainRequest } from "./http/drain-request.ts";
import { errorHandler, notFoundHandler } from "./http/fallbacks.ts";
import { HTTP_MESSAGES, requestLanguage } from "./http/http-messages.ts";
import { jsonError } from "./http/json-error.ts";
import { oauthRoutes } from "./oauth/routes.ts";
import { restRoutes } from "./rest/routes.ts";
import { trackingPageRoutes } from "./rest/tracking/tracking-page-routes.ts";

/** Largest body the OAuth and control endpoints read. */
const SMALL_BODY_BYTES = 64 * 1024;

export interface SandboxApps {
  readonly base: Hono<SandboxEnv>;
  readonly account: Hono<SandboxEnv>;
}

function newApp(log: (line: string) => void, host: SandboxHost): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  app.onError(errorHandler(log));
  app.notFound(notFoundHandler(app));
  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    // The path only: queries and bodies may carry codes, tokens or passwords.
    log(
      `${host} ${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)}ms`,
    );
  });
  const limit = bodyLimit({
    maxSize: SMALL_BODY_BYTES,
    onError: async (c) => {
      await drainRequest(c);
      return jsonError(
        c,
        413,
        "payload_too_large",
        HTTP_MESSAGES.payloadTooLarge(SMALL_BODY_BYTES)[requestLanguage(c)],
        { headers: { Connection: "close" } },
      );
    },
  });
  app.use("/oauth/*", limit);
  app.use("/_sandbox/*", limit);
  return app;
}

export function createSandboxApps(
  ctx: SandboxContext,
  controls: SandboxControls,
  log: (line: string) => void = () => {},
): SandboxApps {
  const base = newApp(log, "base");
  base.use("/oauth/token", controls.stats.middleware("base"));
  base.route("/", controlRoutes(ctx, controls));
  base.use("*", faultMiddleware(controls.faults, "base"));
  base.route("/", oauthRoutes(ctx, { authorization: true }));
  base.route("/", restRoutes(ctx));

  const account = newApp(log, "account");
  account.use("/oauth/token", controls.stats.middleware("account"));
  account.use("*", faultMiddleware(controls.faults, "account"));
  account.route("/", oauthRoutes(ctx, { authorization: false }));
  account.route("/", trackingPageRoutes(ctx));

  return { base, account };
}
