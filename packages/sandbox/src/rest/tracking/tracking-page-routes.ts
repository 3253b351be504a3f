// GET {account_url}/zlokalizuj/{number}: the public tracking page of one
// parcel, as a customer opens it from a tracking link: no token, HTML in the
// customer's language (?lang=pl|en, else Accept-Language, else Polish), the
// parcel's events by the sandbox clock (tracking-page.ts). A number the
// sandbox never issued gets a 404 page of the same look.
import { type Context, Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { pageLanguage } from "../../http/page-language.ts";
import { CARRIER_OFFERS, isCarrier } from "../account/carriers.ts";
import { PackageStore } from "../packages/stored-package.ts";
import { TRACKING_PAGE_PATH, trackingNotFoundPage, trackingPage } from "./tracking-page.ts";
import { parcelEvents } from "./tracking-timeline.ts";

/** Longest number looked up; anything longer is no parcel's. */
const MAX_NUMBER_LENGTH = 64;

function html(c: Context<SandboxEnv>, body: string, status: 200 | 404, lang: string) {
  return c.body(body, status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Language": lang,
    "Cache-Control": "no-store",
    Vary: "Accept-Language",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
  });
}

export function trackingPageRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const packages = new PackageStore(ctx.db);

  app.get(`${TRACKING_PAGE_PATH}/:number`, (c) => {
    const language = pageLanguage(c.req.query("lang"), c.req.header("accept-language"));
    const lang = language === "pl_PL" ? "pl" : "en";
    const asked = c.req.param("number").trim();
    const number = asked.toUpperCase();
    const pkg = number.length <= MAX_NUMBER_LENGTH ? packages.findByNumber(number) : undefined;
    const index = pkg?.parcelNumbers.indexOf(number) ?? -1;
    if (!pkg || index === -1) {
      return html(c, trackingNotFoundPage(asked.slice(0, MAX_NUMBER_LENGTH), language), 404, lang);
    }
    const carrier = isCarrier(pkg.service) ? CARRIER_OFFERS[pkg.service].name : pkg.service;
    const events = parcelEvents(pkg, index, ctx.clock.nowMs());
    return html(c, trackingPage({ packageNo: number, carrier, events }, language), 200, lang);
  });

  return app;
}
