// The public tracking page a customer opens from a tracking link, as the
// service's own page (https://furgonetka.pl/zlokalizuj/{number}): the
// parcel's number, its carrier, its state and its events (newest first, in
// Polish time), in Polish or English. It shows nothing private: no name,
// phone, e-mail or street of anyone, only the cities of the branches the
// parcel passed. Every text is escaped. The unknown-number page has the
// same look.
import type { Language } from "@shipbridge/core";
import { escapeHtml } from "../../http/html.ts";
import { describeEvent, type TrackingEvent } from "./tracking-timeline.ts";

/** The path of the page of one tracking number, on {account_url}. */
export const TRACKING_PAGE_PATH = "/zlokalizuj";

/** The address of the public tracking page of a parcel number. */
export function trackingPageUrl(accountUrl: string, packageNo: string): string {
  return `${accountUrl}${TRACKING_PAGE_PATH}/${encodeURIComponent(packageNo)}`;
}

const TEXTS = {
  pl_PL: {
    title: "Śledzenie przesyłki",
    number: "Numer przesyłki",
    carrier: "Przewoźnik",
    status: "Status",
    history: "Historia przesyłki",
    waiting: "Przesyłka została zarejestrowana; pierwsze zdarzenia pojawią się wkrótce.",
    notFoundTitle: "Nie znaleziono przesyłki",
    notFound: (number: string) =>
      `Nie znamy przesyłki o numerze ${number}. Sprawdź numer i spróbuj ponownie.`,
    times: "Godziny podano w czasie polskim.",
    other: "English",
    otherLang: "en",
    locale: "pl-PL",
    html: "pl",
  },
  en_GB: {
    title: "Parcel tracking",
    number: "Parcel number",
    carrier: "Carrier",
    status: "Status",
    history: "Parcel history",
    waiting: "The parcel is registered; its first events will show up soon.",
    notFoundTitle: "Parcel not found",
    notFound: (number: string) =>
      `There is no parcel with the number ${number}. Check the number and try again.`,
    times: "Times are in Polish time.",
    other: "Polski",
    otherLang: "pl",
    locale: "en-GB",
    html: "en",
  },
} as const;

function page(language: Language, title: string, body: string): string {
  const t = TEXTS[language];
  return `<!doctype html>
<html lang="${t.html}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(t.title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; color: #1d2733; }
h1 { font-size: 1.4rem; }
h2 { font-size: 1.1rem; margin-top: 2rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.4rem 1rem; }
dt { color: #556; }
dd { margin: 0; overflow-wrap: anywhere; }
ol { list-style: none; padding: 0; }
li { padding: 0.6rem 0; border-bottom: 1px solid #dde2e8; }
li:first-child .status { font-weight: 600; }
time, .branch { color: #556; font-size: 0.9rem; }
.note { color: #556; font-size: 0.9rem; }
</style>
</head>
<body>
<main>
${body}
<p class="note"><a href="?lang=${t.otherLang}" hreflang="${t.otherLang}" lang="${t.otherLang}">${t.other}</a></p>
</main>
</body>
</html>
`;
}

export interface TrackingPageParcel {
  readonly packageNo: string;
  /** The carrier's name as a customer knows it. */
  readonly carrier: string;
  /** The events that have happened, oldest first. */
  readonly events: readonly TrackingEvent[];
}

function when(at: number, language: Language): string {
  return new Intl.DateTimeFormat(TEXTS[language].locale, {
    timeZone: "Europe/Warsaw",
    dateStyle: "medium",
    timeStyle: "short",
  }).format(at);
}

/** The page of a parcel. */
export function trackingPage(parcel: TrackingPageParcel, language: Language): string {
  const t = TEXTS[language];
  const latest = parcel.events.at(-1);
  const status = latest
    ? `<dd id="status" data-state="${escapeHtml(latest.state)}">${escapeHtml(describeEvent(latest, language))}</dd>`
    : `<dd id="status" data-state="waiting">${escapeHtml(t.waiting)}</dd>`;
  const events = [...parcel.events]
    .reverse()
    .map(
      (event) => `<li data-state="${escapeHtml(event.state)}">
<time datetime="${new Date(event.at).toISOString()}">${escapeHtml(when(event.at, language))}</time>
<div class="status">${escapeHtml(describeEvent(event, language))}</div>
<div class="branch">${escapeHtml(event.branch)}</div>
</li>`,
    )
    .join("\n");
  return page(
    language,
    parcel.packageNo,
    `<h1>${escapeHtml(t.title)}</h1>
<dl>
<dt>${escapeHtml(t.number)}</dt><dd id="number">${escapeHtml(parcel.packageNo)}</dd>
<dt>${escapeHtml(t.carrier)}</dt><dd id="carrier">${escapeHtml(parcel.carrier)}</dd>
<dt>${escapeHtml(t.status)}</dt>${status}
</dl>
<h2>${escapeHtml(t.history)}</h2>
${events === "" ? `<p id="no-events">${escapeHtml(t.waiting)}</p>` : `<ol id="events">\n${events}\n</ol>`}
<p class="note">${escapeHtml(t.times)}</p>`,
  );
}

/** The page of a number the service does not know. */
export function trackingNotFoundPage(packageNo: string, language: Language): string {
  const t = TEXTS[language];
  return page(
    language,
    t.notFoundTitle,
    `<h1>${escapeHtml(t.notFoundTitle)}</h1>
<p id="not-found">${escapeHtml(t.notFound(packageNo))}</p>`,
  );
}
