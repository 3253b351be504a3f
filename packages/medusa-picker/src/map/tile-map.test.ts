// The map's arithmetic: Web Mercator pixels as tile servers number them, a
// view that fits every point, the tiles that cover it.
import { describe, expect, it } from "vitest";
import { fitView, placeOf, TILE_SIZE, tilesOf, tileUrl, worldPixel } from "./tile-map.ts";

const gdansk = { latitude: 54.352, longitude: 18.6466 };
const gdynia = { latitude: 54.5189, longitude: 18.5305 };

describe("the map's arithmetic", () => {
  it("puts a place on the tile that tile servers give for it", () => {
    // The tile of Gdańsk's old town at zoom 12 is 2260/1308 (x from the longitude,
    // y = (1 - ln(tan φ + sec φ) / π) / 2 · 4096 = 1308.3).
    const pixel = worldPixel(gdansk, 12);
    expect(Math.floor(pixel.x / TILE_SIZE)).toBe(2260);
    expect(Math.floor(pixel.y / TILE_SIZE)).toBe(1308);
    expect(worldPixel({ latitude: 0, longitude: 0 }, 0)).toEqual({ x: 128, y: 128 });
  });

  it("fits every point inside the view with the padding to spare, as close as it can", () => {
    const view = fitView([gdansk, gdynia], 360, 240)!;
    for (const point of [gdansk, gdynia]) {
      const place = placeOf(view, point);
      expect(place.left).toBeGreaterThanOrEqual(24);
      expect(place.left).toBeLessThanOrEqual(360 - 24);
      expect(place.top).toBeGreaterThanOrEqual(24);
      expect(place.top).toBeLessThanOrEqual(240 - 24);
    }
    // One zoom closer, they no longer fit.
    const closer = { ...view, zoom: view.zoom + 1 };
    const a = worldPixel(gdansk, closer.zoom);
    const b = worldPixel(gdynia, closer.zoom);
    expect(Math.abs(a.y - b.y) > 240 - 48 || Math.abs(a.x - b.x) > 360 - 48).toBe(true);
  });

  it("centres one point at the closest zoom allowed", () => {
    const view = fitView([gdansk], 300, 200, { maxZoom: 15 })!;
    expect(view.zoom).toBe(15);
    expect(placeOf(view, gdansk)).toEqual({ left: 150, top: 100 });
    expect(fitView([], 300, 200)).toBeUndefined();
  });

  it("covers the whole view with tiles and no more", () => {
    const view = { zoom: 3, left: 100, top: 100, width: 300, height: 200 };
    const tiles = tilesOf(view);
    expect(tiles.map((t) => `${t.x}/${t.y}`)).toEqual(["0/0", "1/0", "0/1", "1/1"]);
    expect(tiles[0]).toMatchObject({ left: -100, top: -100 });
  });

  it("wraps tiles east and west of the world's edge", () => {
    const tiles = tilesOf({ zoom: 1, left: -100, top: 0, width: 200, height: 100 });
    expect(tiles.map((t) => t.x)).toEqual([1, 0]);
  });

  it("fills a tile template", () => {
    expect(tileUrl("https://tiles.example/{z}/{x}/{y}.png", { z: 12, x: 2260, y: 1307 })).toBe(
      "https://tiles.example/12/2260/1307.png",
    );
  });
});
