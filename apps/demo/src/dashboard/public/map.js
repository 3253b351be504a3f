// The map of chosen pickup points: a simplified outline of Poland drawn
// locally as SVG (the demo has no internet, so no map tiles), with one dot per
// point placed by its latitude and longitude. Points without coordinates are
// listed beside it instead.
import { escapeHtml } from "./format.js";

// Poland's border, simplified to about 80 vertices: [longitude, latitude],
// clockwise from the mouth of the Oder.
export const POLAND_OUTLINE = [
  [14.22, 53.93],
  [14.6, 53.98],
  [15.2, 54.12],
  [15.9, 54.25],
  [16.55, 54.48],
  [17.1, 54.66],
  [17.7, 54.79],
  [18.33, 54.84],
  [18.8, 54.64],
  [18.45, 54.55],
  [18.6, 54.4],
  [18.95, 54.35],
  [19.4, 54.38],
  [19.63, 54.45],
  [20.4, 54.39],
  [21.3, 54.33],
  [22.2, 54.34],
  [22.79, 54.36],
  [23.1, 54.3],
  [23.5, 54.15],
  [23.52, 53.95],
  [23.75, 53.6],
  [23.9, 53.25],
  [23.9, 53.0],
  [23.7, 52.75],
  [23.94, 52.65],
  [23.6, 52.55],
  [23.2, 52.33],
  [23.65, 52.08],
  [23.6, 51.75],
  [23.65, 51.48],
  [23.95, 51.2],
  [24.14, 50.86],
  [23.98, 50.66],
  [24.05, 50.42],
  [23.6, 50.3],
  [23.2, 50.05],
  [22.65, 49.62],
  [22.75, 49.33],
  [22.89, 49.04],
  [22.56, 49.08],
  [22.2, 49.17],
  [21.6, 49.43],
  [21.1, 49.38],
  [20.6, 49.39],
  [20.2, 49.33],
  [19.9, 49.2],
  [19.77, 49.4],
  [19.45, 49.6],
  [19.16, 49.4],
  [18.85, 49.52],
  [18.58, 49.9],
  [18.25, 50.0],
  [17.9, 49.98],
  [17.6, 50.16],
  [17.2, 50.36],
  [16.9, 50.45],
  [16.7, 50.1],
  [16.45, 50.3],
  [16.2, 50.42],
  [16.35, 50.65],
  [15.95, 50.69],
  [15.5, 50.8],
  [15.1, 50.98],
  [14.82, 50.87],
  [15.0, 51.25],
  [14.73, 51.53],
  [14.6, 51.82],
  [14.75, 52.07],
  [14.55, 52.35],
  [14.6, 52.6],
  [14.15, 52.85],
  [14.45, 53.25],
  [14.3, 53.6],
  [14.22, 53.93],
];

const WEST = 13.8;
const EAST = 24.5;
const NORTH = 55.1;
const SOUTH = 48.8;
// Equirectangular at Poland's middle latitude: a degree of longitude is about
// 0.62 of a degree of latitude there, so the shape is not stretched.
const LON_SCALE = Math.cos((52 * Math.PI) / 180);
const SCALE = 60;
export const MAP_WIDTH = Math.round((EAST - WEST) * LON_SCALE * SCALE);
export const MAP_HEIGHT = Math.round((NORTH - SOUTH) * SCALE);

/** SVG coordinates of a longitude/latitude on the map. */
export function project(longitude, latitude) {
  return {
    x: Math.round((longitude - WEST) * LON_SCALE * SCALE * 10) / 10,
    y: Math.round((NORTH - latitude) * SCALE * 10) / 10,
  };
}

function hasCoordinates(point) {
  return (
    typeof point.latitude === "number" &&
    typeof point.longitude === "number" &&
    Number.isFinite(point.latitude) &&
    Number.isFinite(point.longitude)
  );
}

/**
 * The map's markup: an SVG of Poland with a dot per located point, and a list
 * of the points without coordinates. `t` translates a text key.
 */
export function renderMap(points, t) {
  if (points.length === 0)
    return `<p class="empty" data-empty="true">${escapeHtml(t("map.empty"))}</p>`;
  const located = points.filter(hasCoordinates);
  const unlocated = points.filter((point) => !hasCoordinates(point));
  const most = Math.max(1, ...points.map((point) => point.orders ?? 1));
  const outline = POLAND_OUTLINE.map(([lon, lat]) => {
    const { x, y } = project(lon, lat);
    return `${x},${y}`;
  }).join(" ");
  const dots = located
    .map((point) => {
      const { x, y } = project(point.longitude, point.latitude);
      const radius = 5 + 7 * Math.sqrt((point.orders ?? 1) / most);
      const title = `${point.name ?? point.id}, ${point.address ?? ""} — ${t("map.orders", { count: point.orders ?? 1 })}`;
      return `<g class="map-point" data-point-id="${escapeHtml(point.id)}" tabindex="0" role="listitem" aria-label="${escapeHtml(title)}">
  <title>${escapeHtml(title)}</title>
  <circle cx="${x}" cy="${y}" r="${radius.toFixed(1)}"></circle>
  <text x="${x}" y="${(y - radius - 4).toFixed(1)}" text-anchor="middle">${escapeHtml(String(point.orders ?? 1))}</text>
</g>`;
    })
    .join("\n");
  const svg = located.length
    ? `<svg class="map" viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" role="img" aria-labelledby="map-title map-desc">
<title id="map-title">${escapeHtml(t("map.heading"))}</title>
<desc id="map-desc">${escapeHtml(t("map.desc"))}</desc>
<polygon class="map-country" points="${outline}"></polygon>
<g role="list">${dots}</g>
</svg>`
    : "";
  const list = unlocated.length
    ? `<h4>${escapeHtml(t("map.listHeading"))}</h4><ul class="point-list">${unlocated
        .map(
          (point) =>
            `<li data-point-id="${escapeHtml(point.id)}"><strong>${escapeHtml(point.name ?? point.id)}</strong> ${escapeHtml(point.address ?? "")} <span class="muted">${escapeHtml(t("map.orders", { count: point.orders ?? 1 }))}</span></li>`,
        )
        .join("")}</ul>`
    : "";
  return svg + list;
}
