// The per-day chart: shipments as bars (left axis) and money spent on
// shipping as a line (right axis), drawn as inline SVG with no library.
import { escapeHtml, formatDay, formatMoney } from "./format.js";

const WIDTH = 560;
const HEIGHT = 260;
const MARGIN = { top: 20, right: 72, bottom: 40, left: 40 };

/** A round upper bound for an axis: 1, 2, 5, 10, 20, 50, ... at least `value`. */
export function niceCeiling(value) {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** The chart's markup for `days` (oldest first), the last 14 of them at most. */
export function renderChart(days, language, t) {
  const shown = [...days].sort((a, b) => a.date.localeCompare(b.date)).slice(-14);
  if (shown.length === 0)
    return `<p class="empty" data-empty="true">${escapeHtml(t("chart.empty"))}</p>`;
  const currency = shown.find((day) => day.spend?.currency)?.spend.currency ?? "PLN";
  const maxShipments = niceCeiling(Math.max(...shown.map((day) => day.shipments)));
  const maxSpend = niceCeiling(Math.max(...shown.map((day) => day.spend?.amount ?? 0)));
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = plotWidth / shown.length;
  const barWidth = Math.min(36, slot * 0.6);
  const yShipments = (value) => MARGIN.top + plotHeight - (value / maxShipments) * plotHeight;
  const ySpend = (value) => MARGIN.top + plotHeight - (value / maxSpend) * plotHeight;
  const xCenter = (index) => MARGIN.left + slot * index + slot / 2;

  const grid = [0, 0.5, 1]
    .map((share) => {
      const y = MARGIN.top + plotHeight - share * plotHeight;
      return `<line class="grid" x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y}" y2="${y}"></line>
<text class="axis axis-left" x="${MARGIN.left - 6}" y="${y + 4}" text-anchor="end">${Math.round(share * maxShipments)}</text>
<text class="axis axis-right" x="${WIDTH - MARGIN.right + 6}" y="${y + 4}">${escapeHtml(formatMoney({ amount: share * maxSpend, currency }, language, { whole: true }))}</text>`;
    })
    .join("\n");
  const bars = shown
    .map((day, index) => {
      const y = yShipments(day.shipments);
      const label = t("chart.day", {
        date: formatDay(day.date, language),
        shipments: day.shipments,
        spend: formatMoney(day.spend, language),
      });
      return `<g class="chart-day" data-date="${escapeHtml(day.date)}" data-shipments="${day.shipments}" role="listitem" aria-label="${escapeHtml(label)}">
  <title>${escapeHtml(label)}</title>
  <rect class="bar" x="${(xCenter(index) - barWidth / 2).toFixed(1)}" y="${y.toFixed(1)}" width="${barWidth.toFixed(1)}" height="${(MARGIN.top + plotHeight - y).toFixed(1)}" rx="3"></rect>
  <text class="axis" x="${xCenter(index).toFixed(1)}" y="${HEIGHT - MARGIN.bottom + 18}" text-anchor="middle">${escapeHtml(formatDay(day.date, language))}</text>
</g>`;
    })
    .join("\n");
  const line = shown
    .map(
      (day, index) => `${xCenter(index).toFixed(1)},${ySpend(day.spend?.amount ?? 0).toFixed(1)}`,
    )
    .join(" ");
  const dots = shown
    .map(
      (day, index) =>
        `<circle class="spend-dot" cx="${xCenter(index).toFixed(1)}" cy="${ySpend(day.spend?.amount ?? 0).toFixed(1)}" r="3.5"></circle>`,
    )
    .join("");
  return `<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="chart-title chart-desc">
<title id="chart-title">${escapeHtml(t("chart.heading"))}</title>
<desc id="chart-desc">${escapeHtml(t("chart.desc"))}</desc>
${grid}
<g role="list">${bars}</g>
<polyline class="spend-line" points="${line}"></polyline>${dots}
</svg>
<p class="legend"><span class="swatch swatch-bar" aria-hidden="true"></span>${escapeHtml(t("chart.shipments"))}
<span class="swatch swatch-line" aria-hidden="true"></span>${escapeHtml(t("chart.spend"))} (${escapeHtml(currency)})</p>`;
}
