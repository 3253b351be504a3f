// Formatting shared by the dashboard's parts: escaping for markup, money,
// dates and the sandbox clock in the chosen language.

const LOCALES = { en: "en-GB", pl: "pl-PL" };

/** Text made safe to put inside HTML or SVG markup and attribute values. */
export function escapeHtml(value) {
  return String(value ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** An amount in its currency, e.g. "12,50 zł" in Polish. */
export function formatMoney(price, language, { whole = false } = {}) {
  if (!price || typeof price.amount !== "number") return "";
  try {
    return new Intl.NumberFormat(LOCALES[language] ?? "en-GB", {
      style: "currency",
      currency: price.currency || "PLN",
      ...(whole ? { maximumFractionDigits: 0, minimumFractionDigits: 0 } : {}),
    }).format(price.amount);
  } catch {
    return `${price.amount.toFixed(2)} ${price.currency ?? ""}`.trim();
  }
}

/** A moment as date and time in Poland, where the service works. */
export function formatDateTime(iso, language) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(LOCALES[language] ?? "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Europe/Warsaw",
  }).format(date);
}

/**
 * The service's clock: date and time in Poland with the zone's short name,
 * e.g. "26 Nov 2026, 17:00 CET" (CEST in summer).
 */
export function formatClock(iso, language) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(LOCALES[language] ?? "en-GB", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone: "Europe/Warsaw",
  }).format(date);
}

/** A calendar day ("YYYY-MM-DD") as a short date, e.g. "24 Aug". */
export function formatDay(day, language) {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(LOCALES[language] ?? "en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(date);
}
