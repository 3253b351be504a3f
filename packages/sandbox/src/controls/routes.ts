// The sandbox's test controls under {base_url}/_sandbox/. They exist only in
// the sandbox: the test clock, fault injection, token-request counts, a reset,
// run-time registration of OAuth applications, a token check, problem
// states on a package's tracking, and a pickup point closed or on holiday.
import { Hono } from "hono";
import { z } from "zod";
import type { SandboxContext, SandboxEnv } from "../context.ts";
import type { FaultRules } from "../faults/fault-rules.ts";
import { FaultRuleInputSchema } from "../faults/fault-rules.ts";
import { jsonError } from "../http/json-error.ts";
import {
  type Application,
  ApplicationExistsError,
  listApplications,
  registerApplication,
} from "../oauth/applications.ts";
import { requireAccessToken } from "../oauth/require-access-token.ts";
import { PointStateInputSchema, setPointState } from "../rest/points/point-states.ts";
import { restStats } from "../rest/rest-stats.ts";
import { isoSeconds } from "../rest/support/datetime.ts";
import {
  addTrackingProblem,
  TrackingProblemInputSchema,
  type TrackingProblemRefusal,
} from "../rest/tracking/tracking-problems.ts";
import { deliverTrackingPushes } from "../rest/tracking/tracking-push.ts";
import { describeState } from "../rest/tracking/tracking-timeline.ts";
import { resetState } from "../state/reset-state.ts";
import { ControlInputError, readControlBody } from "./read-json.ts";
import type { TokenStats } from "./token-stats.ts";

const TRACKING_PROBLEM_REFUSALS: Record<
  TrackingProblemRefusal,
  { status: 404 | 409; message: (id: number) => string }
> = {
  package_not_found: { status: 404, message: (id) => `There is no package ${id}.` },
  package_not_ordered: {
    status: 409,
    message: (id) =>
      `Package ${id} has no tracking yet: order it and let the order complete (advance the clock 5 seconds).`,
  },
  package_canceled: {
    status: 409,
    message: (id) => `Package ${id} is cancelled; its tracking has ended.`,
  },
  package_returned: {
    status: 409,
    message: (id) => `Package ${id} was returned to the sender; its tracking has ended.`,
  },
};

export interface SandboxControls {
  readonly faults: FaultRules;
  readonly stats: TokenStats;
}

const AdvanceSchema = z.strictObject({
  seconds: z
    .number({ error: "seconds is required: a number of seconds to move the clock forward" })
    .min(0, "seconds must be 0 or more: the clock only moves forward")
    .max(100 * 365 * 24 * 3600, "seconds must be at most 100 years"),
});

const CLIENT_ID = /^[\x21-\x7E]+$/;

const ResetSchema = z.strictObject({
  /** Also revoke every grant and token (the applications stay). */
  tokens: z.boolean().default(false),
});

const NewApplicationSchema = z.strictObject({
  client_id: z
    .string()
    .regex(CLIENT_ID, "client_id must be printable ASCII without spaces")
    .max(200)
    .optional(),
  client_secret: z
    .string()
    .regex(CLIENT_ID, "client_secret must be printable ASCII without spaces")
    .min(8, "client_secret must have at least 8 characters")
    .max(200)
    .optional(),
  redirect_uri: z
    .url({
      protocol: /^https?$/,
      error: "redirect_uri must be an absolute http or https address",
    })
    .refine((u) => !u.includes("#"), "redirect_uri must not contain a fragment (#)")
    .optional(),
  name: z.string().min(1).max(200).optional(),
});

function publicApplication(app: Application) {
  return {
    client_id: app.client_id,
    redirect_uri: app.redirect_uri,
    name: app.name,
    source: app.source,
  };
}

export function controlRoutes(ctx: SandboxContext, controls: SandboxControls): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>().basePath("/_sandbox");
  const clockState = () => ({
    now: ctx.clock.now().toISOString(),
    offset_seconds: ctx.clock.offsetMs / 1000,
    frozen: ctx.clock.frozen,
  });

  app.onError((error, c) => {
    if (error instanceof ControlInputError) {
      return jsonError(c, 400, error.code, error.message, { errors: error.errors });
    }
    throw error;
  });

  app.get("/clock", (c) => c.json(clockState()));
  app.post("/clock/advance", async (c) => {
    const { seconds } = await readControlBody(c, AdvanceSchema);
    ctx.clock.advance(seconds);
    // Tracking pushes that the move made due are sent before the answer, so a
    // test sees them delivered once the call returns.
    const pushes = await deliverTrackingPushes(ctx);
    return c.json({ ...clockState(), tracking_pushes: pushes });
  });

  app.get("/faults", (c) => c.json({ faults: controls.faults.list() }));
  app.post("/faults", async (c) => {
    const input = await readControlBody(c, FaultRuleInputSchema);
    return c.json(controls.faults.add(input), 201);
  });
  app.delete("/faults", (c) => {
    controls.faults.clear();
    return c.body(null, 204);
  });
  app.delete("/faults/:id", (c) => {
    const id = c.req.param("id");
    if (!controls.faults.remove(id))
      return jsonError(c, 404, "not_found", `There is no fault rule ${id}.`);
    return c.body(null, 204);
  });

  app.get("/stats", (c) =>
    c.json({
      ...controls.stats.snapshot(),
      faults_injected: controls.faults.injected,
      rest: restStats(ctx),
    }),
  );

  app.post("/reset", async (c) => {
    const { tokens } = await readControlBody(c, ResetSchema);
    controls.faults.clear();
    controls.stats.reset(ctx.clock.now());
    ctx.lockouts.clear();
    resetState(ctx.db, { tokens });
    return c.json({
      reset: [
        "faults",
        "stats",
        "lockouts",
        "rest",
        "authorizations",
        ...(tokens ? ["tokens"] : []),
      ],
      clock: clockState(),
    });
  });

  app.get("/lockouts", (c) =>
    c.json({
      lockouts: ctx.lockouts.list().map((l) => ({
        kind: l.kind,
        id: l.id,
        retry_after_seconds: l.retryAfterSeconds,
      })),
    }),
  );
  app.delete("/lockouts", (c) => {
    ctx.lockouts.clear();
    return c.body(null, 204);
  });

  app.get("/applications", (c) =>
    c.json({ applications: listApplications(ctx.db).map(publicApplication) }),
  );
  app.post("/applications", async (c) => {
    const input = await readControlBody(c, NewApplicationSchema);
    try {
      const created = registerApplication(ctx.db, input, ctx.clock.nowMs());
      return c.json(
        {
          client_id: created.client_id,
          client_secret: created.client_secret,
          redirect_uri: created.redirect_uri,
          name: created.name,
        },
        201,
        { "Cache-Control": "no-store" },
      );
    } catch (error) {
      if (error instanceof ApplicationExistsError) {
        return jsonError(c, 409, "conflict", error.message, {
          errors: [
            {
              path: "client_id",
              rule: "invalid_value",
              message: "this client_id is already registered",
            },
          ],
        });
      }
      throw error;
    }
  });

  app.post("/packages/:id{[0-9]+}/tracking", async (c) => {
    const id = Number(c.req.param("id"));
    const input = await readControlBody(c, TrackingProblemInputSchema);
    const result = addTrackingProblem(ctx, id, input);
    if (!result.ok) {
      const { status, message } = TRACKING_PROBLEM_REFUSALS[result.reason];
      return jsonError(c, status, result.reason, message(id));
    }
    // Pushed before the answer, like a clock advance, so a test sees it delivered.
    const pushes = await deliverTrackingPushes(ctx);
    const { problem } = result;
    return c.json(
      {
        package_id: id,
        state: problem.state,
        description: problem.description ?? describeState(problem.state, "en_GB"),
        datetime: isoSeconds(problem.at),
        tracking_pushes: pushes,
      },
      201,
    );
  });

  app.post("/points/:code", async (c) => {
    const code = c.req.param("code");
    const input = await readControlBody(c, PointStateInputSchema);
    const point = setPointState(ctx.db, code, input, ctx.clock.nowMs());
    if (!point) {
      return jsonError(
        c,
        404,
        "point_not_found",
        `There is no point ${code}; POST /points/map lists them.`,
      );
    }
    return c.json(point);
  });

  app.get("/whoami", requireAccessToken(ctx), (c) => {
    const grant = c.get("grant");
    return c.json({
      token_id: grant.tokenId,
      client_id: grant.clientId,
      username: grant.username,
      scope: grant.scope,
    });
  });

  return app;
}
