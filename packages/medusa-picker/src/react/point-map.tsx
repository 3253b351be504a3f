// The picker's map: tiles from a tile server the storefront names (e.g.
// OpenStreetMap's, with its attribution) and a marker per point, a button
// that chooses it like the list does. It hides itself when a tile fails to
// load (no map service reachable): the list beside it works alone.
import { useLayoutEffect, useRef, useState } from "react";
import type { PickupPoint } from "../client/pickup-client.ts";
import { fitView, placeOf, tilesOf, tileUrl } from "../map/tile-map.ts";
import { pointTitle } from "../points/describe-point.ts";

export interface PointMapProps {
  readonly points: readonly PickupPoint[];
  readonly selected: string | undefined;
  readonly onSelect: (point: PickupPoint) => void;
  /** A tile URL template with `{z}`, `{x}` and `{y}`. */
  readonly tiles: string;
  /** The tile server's attribution, shown on the map (OpenStreetMap's licence asks for it). */
  readonly attribution: string | undefined;
  readonly label: string;
  readonly height?: number;
}

const located = (point: PickupPoint) =>
  point.coordinates !== null &&
  point.coordinates !== undefined &&
  Number.isFinite(point.coordinates.latitude) &&
  Number.isFinite(point.coordinates.longitude);

export function PointMap(props: PointMapProps) {
  const frame = useRef<HTMLFieldSetElement>(null);
  const [width, setWidth] = useState(0);
  const [unreachable, setUnreachable] = useState(false);
  const height = props.height ?? 240;

  useLayoutEffect(() => {
    const element = frame.current;
    if (element === null) return;
    const measure = () => setWidth(Math.round(element.getBoundingClientRect().width));
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // A new tile server gets a new chance.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the template changes
  useLayoutEffect(() => setUnreachable(false), [props.tiles]);

  const points = props.points.filter(located);
  if (unreachable || points.length === 0) return null;
  const view =
    width > 0
      ? fitView(
          points.map((point) => point.coordinates!),
          width,
          height,
        )
      : undefined;

  return (
    <fieldset
      ref={frame}
      aria-label={props.label}
      className="sb-picker__map"
      data-testid="pickup-map"
      style={{
        position: "relative",
        overflow: "hidden",
        height,
        width: "100%",
        background: "#e8e8e8",
      }}
    >
      {view === undefined
        ? null
        : tilesOf(view).map((tile) => (
            <img
              key={`${tile.z}/${tile.x}/${tile.y}/${tile.left}`}
              src={tileUrl(props.tiles, tile)}
              alt=""
              width={256}
              height={256}
              draggable={false}
              onError={() => setUnreachable(true)}
              style={{ position: "absolute", left: tile.left, top: tile.top, maxWidth: "none" }}
            />
          ))}
      {view === undefined
        ? null
        : points.map((point) => {
            const place = placeOf(view, point.coordinates!);
            const chosen = point.code === props.selected;
            return (
              <button
                key={point.code}
                type="button"
                className="sb-picker__marker"
                aria-label={pointTitle(point)}
                aria-pressed={chosen}
                onClick={() => props.onSelect(point)}
                style={{
                  position: "absolute",
                  left: place.left - 12,
                  top: place.top - 12,
                  width: 24,
                  height: 24,
                  borderRadius: "50%",
                  border: "2px solid #fff",
                  background: chosen ? "#c00" : "#333",
                  cursor: "pointer",
                  padding: 0,
                }}
              />
            );
          })}
      {props.attribution ? (
        <small
          style={{
            position: "absolute",
            right: 0,
            bottom: 0,
            background: "rgba(255,255,255,0.8)",
            padding: "0 4px",
            fontSize: 11,
          }}
        >
          {props.attribution}
        </small>
      ) : null}
    </fieldset>
  );
}
