// The arithmetic of the picker's map: Web Mercator tiles (the z/x/y scheme of
// OpenStreetMap and most tile servers), the view that fits every point, the
// tiles that cover it and where each point sits on it. No map library and no
// map service is needed for the list; a map shows only where tiles load.

export const TILE_SIZE = 256;

export interface Coordinates {
  readonly latitude: number;
  readonly longitude: number;
}

/** A rectangle of `width`×`height` pixels of the world at `zoom`, its top-left corner at `left`, `top`. */
export interface MapView {
  readonly zoom: number;
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export interface Tile {
  readonly z: number;
  readonly x: number;
  readonly y: number;
  /** Its top-left corner within the view, in pixels. */
  readonly left: number;
  readonly top: number;
}

/** The point's position on the world map at `zoom`, in pixels. */
export function worldPixel(point: Coordinates, zoom: number): { x: number; y: number } {
  const size = TILE_SIZE * 2 ** zoom;
  const latitude = Math.max(-85.05112878, Math.min(85.05112878, point.latitude));
  const sin = Math.sin((latitude * Math.PI) / 180);
  return {
    x: ((point.longitude + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/**
 * The closest view of `width`×`height` pixels that shows every point with
 * `padding` pixels to spare, centred on them; at most `maxZoom`.
 */
export function fitView(
  points: readonly Coordinates[],
  width: number,
  height: number,
  { padding = 24, maxZoom = 16 }: { padding?: number; maxZoom?: number } = {},
): MapView | undefined {
  if (points.length === 0) return undefined;
  for (let zoom = maxZoom; zoom >= 0; zoom--) {
    const pixels = points.map((point) => worldPixel(point, zoom));
    const xs = pixels.map((p) => p.x);
    const ys = pixels.map((p) => p.y);
    const spanX = Math.max(...xs) - Math.min(...xs);
    const spanY = Math.max(...ys) - Math.min(...ys);
    if (zoom > 0 && (spanX > width - 2 * padding || spanY > height - 2 * padding)) continue;
    const centreX = (Math.max(...xs) + Math.min(...xs)) / 2;
    const centreY = (Math.max(...ys) + Math.min(...ys)) / 2;
    return { zoom, left: centreX - width / 2, top: centreY - height / 2, width, height };
  }
  return undefined;
}

/** The tiles that cover the view, each placed within it. */
export function tilesOf(view: MapView): Tile[] {
  const count = 2 ** view.zoom;
  const tiles: Tile[] = [];
  const firstX = Math.floor(view.left / TILE_SIZE);
  const lastX = Math.floor((view.left + view.width - 1) / TILE_SIZE);
  const firstY = Math.max(0, Math.floor(view.top / TILE_SIZE));
  const lastY = Math.min(count - 1, Math.floor((view.top + view.height - 1) / TILE_SIZE));
  for (let y = firstY; y <= lastY; y++) {
    for (let x = firstX; x <= lastX; x++) {
      tiles.push({
        z: view.zoom,
        // The world wraps east and west.
        x: ((x % count) + count) % count,
        y,
        left: x * TILE_SIZE - view.left,
        top: y * TILE_SIZE - view.top,
      });
    }
  }
  return tiles;
}

/** Where the point sits within the view, in pixels from its top-left corner. */
export function placeOf(view: MapView, point: Coordinates): { left: number; top: number } {
  const pixel = worldPixel(point, view.zoom);
  return { left: pixel.x - view.left, top: pixel.y - view.top };
}

/** A tile's address from a template such as `https://tile.openstreetmap.org/{z}/{x}/{y}.png`. */
export function tileUrl(template: string, tile: Pick<Tile, "z" | "x" | "y">): string {
  return template
    .replaceAll("{z}", String(tile.z))
    .replaceAll("{x}", String(tile.x))
    .replaceAll("{y}", String(tile.y));
}
