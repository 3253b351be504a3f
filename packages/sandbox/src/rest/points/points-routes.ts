// POST /points/map: pickup and delivery points near a place, from the
// sandbox's point data set (point-catalogue.ts), searched by point-search.ts.
// The request is checked by @shipbridge/core's PointsMapRequestSchema. Any
// access token may ask, a user's or an application's. A point a test closed
// or put on holiday (point-states.ts) is answered so.
import { PointsMapRequestSchema } from "@shipbridge/core/schemas";
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { type Guard, V1 } from "../http/guard.ts";
import { readJsonObject } from "../http/json-body.ts";
import { validated } from "../http/validated-input.ts";
import { searchPoints } from "./point-search.ts";
import { withPointStates } from "./point-states.ts";

export function pointsRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  app.post("/points/map", guard({ ...V1, body: true }), async (c) => {
    const request = validated(PointsMapRequestSchema, await readJsonObject(c), c.get("language"));
    return c.json({ points: withPointStates(ctx.db, searchPoints(request)) }, 200);
  });
  return app;
}
