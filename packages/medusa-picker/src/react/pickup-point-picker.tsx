// The pickup-point picker a storefront drops into its shipping step, for a
// shipping option of @shipbridge/medusa that delivers to a point: the points
// near the cart's delivery address, a search by city, postcode or point code,
// a list that needs no map service (radio buttons a keyboard and a screen
// reader use) and a map where tiles load, the option's price to the chosen
// point, and the point saved as the cart's shipping method, which the plugin
// checks at the service: a refused point shows the plugin's own message.
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { isPickerError } from "../client/picker-error.ts";
import type { PickupClient, PickupOption, PickupPoint } from "../client/pickup-client.ts";
import { type PickerLanguage, say } from "../i18n/messages.ts";
import { formatPrice, pointAddress, pointDistance, pointTitle } from "../points/describe-point.ts";
import { PointMap } from "./point-map.tsx";

export interface PickupPointPickerProps {
  /** The client of the store (createPickupClient). */
  readonly client: PickupClient;
  readonly cartId: string;
  /** The cart's shipping option that delivers to a point (from client.pickupOptions). */
  readonly option: Pick<PickupOption, "id" | "service">;
  /** The cart's currency, for the price (e.g. `pln`). */
  readonly currencyCode: string;
  /** The shopper's language; the client's by default. */
  readonly language?: PickerLanguage;
  /** A tile URL template (`https://tile.openstreetmap.org/{z}/{x}/{y}.png`); no map without it. */
  readonly mapTiles?: string;
  /** The tile server's attribution (`© OpenStreetMap contributors`). */
  readonly mapAttribution?: string;
  /** Called once the point is the cart's shipping method. */
  readonly onChosen?: (point: PickupPoint) => void;
}

type Load =
  | { readonly state: "loading" }
  | { readonly state: "ready"; readonly points: readonly PickupPoint[] }
  | { readonly state: "failed"; readonly reason: string };

type Choice =
  | { readonly state: "idle" }
  | { readonly state: "saving" }
  | { readonly state: "chosen"; readonly point: PickupPoint }
  | { readonly state: "refused"; readonly reason: string };

const reasonOf = (error: unknown) =>
  isPickerError(error) ? error.message : error instanceof Error ? error.message : String(error);

export function PickupPointPicker(props: PickupPointPickerProps) {
  const { client, cartId, option, onChosen } = props;
  const language = props.language ?? client.language;
  const id = useId();
  const [text, setText] = useState("");
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [selected, setSelected] = useState<PickupPoint | undefined>(undefined);
  const [price, setPrice] = useState<number | "pending" | undefined>(undefined);
  const [choice, setChoice] = useState<Choice>({ state: "idle" });
  // Answers that arrive after a newer question are dropped.
  const asked = useRef(0);
  const priced = useRef(0);

  useEffect(() => {
    const turn = ++asked.current;
    setLoad({ state: "loading" });
    client
      .points(
        { service: option.service, cartId, ...(search === undefined ? {} : { search }) },
        { language },
      )
      .then(
        (points) => turn === asked.current && setLoad({ state: "ready", points }),
        (error: unknown) =>
          turn === asked.current && setLoad({ state: "failed", reason: reasonOf(error) }),
      );
  }, [client, cartId, option.service, search, language]);

  const select = useCallback(
    (point: PickupPoint) => {
      setSelected(point);
      setChoice({ state: "idle" });
      setPrice("pending");
      const turn = ++priced.current;
      client.price(option.id, cartId, point.code, { language }).then(
        (amount) => turn === priced.current && setPrice(amount),
        // No price is no refusal: the check that counts comes on saving.
        () => turn === priced.current && setPrice(undefined),
      );
    },
    [client, option.id, cartId, language],
  );

  const confirm = useCallback(() => {
    if (selected === undefined) return;
    setChoice({ state: "saving" });
    client.choose(option.id, cartId, selected.code, { language }).then(
      () => {
        setChoice({ state: "chosen", point: selected });
        onChosen?.(selected);
      },
      (error: unknown) => setChoice({ state: "refused", reason: reasonOf(error) }),
    );
  }, [client, option.id, cartId, selected, language, onChosen]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(text.trim() === "" ? undefined : text.trim());
  };

  const points = load.state === "ready" ? load.points : [];
  const heading =
    search === undefined
      ? say(language, "nearAddress")
      : say(language, "searchResults", { query: search });

  return (
    <section className="sb-picker" aria-labelledby={`${id}-heading`} lang={language}>
      <h3 id={`${id}-heading`}>{say(language, "heading")}</h3>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to React 18's types and older browsers */}
      <form role="search" onSubmit={submit} style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        <label htmlFor={`${id}-search`} style={{ flexBasis: "100%" }}>
          {say(language, "searchLabel")}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          style={{ flex: "1 1 12rem", minWidth: 0 }}
        />
        <button type="submit">{say(language, "searchButton")}</button>
      </form>

      <p aria-live="polite" className="sb-picker__status">
        {load.state === "loading" ? say(language, "loading") : heading}
      </p>
      {load.state === "failed" ? (
        <p role="alert" className="sb-picker__error">
          {say(language, "failed", { reason: load.reason })}
        </p>
      ) : null}
      {load.state === "ready" && points.length === 0 ? (
        <output className="sb-picker__empty" style={{ display: "block" }}>
          {say(language, "noPoints")}
        </output>
      ) : null}

      {props.mapTiles !== undefined && points.length > 0 ? (
        <PointMap
          points={points}
          selected={selected?.code}
          onSelect={select}
          tiles={props.mapTiles}
          attribution={props.mapAttribution}
          label={say(language, "mapLabel")}
        />
      ) : null}

      {points.length > 0 ? (
        <fieldset className="sb-picker__list" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>{say(language, "listLabel")}</legend>
          <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {points.map((point) => {
              const distance = pointDistance(point, language);
              return (
                <li key={point.code} style={{ padding: "6px 0" }}>
                  <label style={{ display: "flex", gap: 8, alignItems: "flex-start" }}>
                    <input
                      type="radio"
                      name={`${id}-point`}
                      value={point.code}
                      checked={selected?.code === point.code}
                      onChange={() => select(point)}
                    />
                    <span>
                      <strong>{pointTitle(point)}</strong>
                      <br />
                      <span>{pointAddress(point)}</span>
                      {distance === undefined ? null : <span> · {distance}</span>}
                      {point.cod ? <span> · {say(language, "cod")}</span> : null}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}

      <div aria-live="polite" className="sb-picker__price">
        {price === "pending"
          ? say(language, "pricing")
          : typeof price === "number"
            ? say(language, "price", { price: formatPrice(price, props.currencyCode, language) })
            : null}
      </div>
      <button
        type="button"
        onClick={confirm}
        disabled={selected === undefined || choice.state === "saving"}
        aria-describedby={selected === undefined ? `${id}-hint` : undefined}
      >
        {choice.state === "saving" ? say(language, "saving") : say(language, "confirm")}
      </button>
      {selected === undefined ? (
        <p id={`${id}-hint`} className="sb-picker__hint">
          {say(language, "chooseFirst")}
        </p>
      ) : null}
      {choice.state === "chosen" ? (
        <output className="sb-picker__chosen" style={{ display: "block" }}>
          {say(language, "chosen", { name: pointTitle(choice.point) })}
        </output>
      ) : null}
      {choice.state === "refused" ? (
        <p role="alert" className="sb-picker__refused">
          {say(language, "refused", { reason: choice.reason })}
        </p>
      ) : null}
    </section>
  );
}
