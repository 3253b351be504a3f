// An example storefront's delivery step with @shipbridge/medusa-picker: the
// cart's shipping options of the plugin that deliver to a pickup point, the
// picker for the one the shopper takes, and a language switch. A real
// storefront has the cart and the publishable key in its session; this page
// reads them from its address (?cart=…&key=…&lang=pl&tiles=…), and talks to
// the store API on its own origin (serve.mts forwards /store to Medusa).
import {
  createPickupClient,
  isPickerLanguage,
  type PickerLanguage,
  type PickupOption,
} from "@shipbridge/medusa-picker";
import { PickupPointPicker } from "@shipbridge/medusa-picker/react";
import { useEffect, useMemo, useState } from "react";
import { createRoot } from "react-dom/client";

const params = new URLSearchParams(location.search);
const cartId = params.get("cart") ?? "";
const publishableKey = params.get("key") ?? "";
const tiles = params.get("tiles") ?? undefined;
const firstLanguage = params.get("lang");

const TITLES = { en: "Delivery", pl: "Dostawa" } as const;

function Checkout() {
  const [language, setLanguage] = useState<PickerLanguage>(
    isPickerLanguage(firstLanguage) ? firstLanguage : "en",
  );
  const client = useMemo(
    () => createPickupClient({ baseUrl: "", publishableKey, language }),
    [language],
  );
  const [options, setOptions] = useState<PickupOption[] | string>([]);
  const [currency, setCurrency] = useState("pln");

  useEffect(() => {
    document.documentElement.lang = language;
    client.pickupOptions(cartId).then(setOptions, (error: Error) => setOptions(error.message));
    fetch(`/store/carts/${encodeURIComponent(cartId)}`, {
      headers: { "x-publishable-api-key": publishableKey },
    })
      .then((response) => response.json())
      .then((body: { cart?: { currency_code?: string } }) =>
        setCurrency(body.cart?.currency_code ?? "pln"),
      );
  }, [client, language]);

  const option = typeof options === "string" ? undefined : options[0];
  return (
    <>
      <nav aria-label="Language / Język">
        <button
          type="button"
          lang="en"
          aria-pressed={language === "en"}
          onClick={() => setLanguage("en")}
        >
          English
        </button>{" "}
        <button
          type="button"
          lang="pl"
          aria-pressed={language === "pl"}
          onClick={() => setLanguage("pl")}
        >
          Polski
        </button>
      </nav>
      <h2>{TITLES[language]}</h2>
      {typeof options === "string" ? <p role="alert">{options}</p> : null}
      {option === undefined ? null : (
        <>
          <p>{option.name}</p>
          <PickupPointPicker
            client={client}
            cartId={cartId}
            option={option}
            currencyCode={currency}
            language={language}
            {...(tiles === undefined
              ? {}
              : { mapTiles: tiles, mapAttribution: "© OpenStreetMap contributors" })}
          />
        </>
      )}
    </>
  );
}

const root = document.getElementById("checkout");
if (root !== null) createRoot(root).render(<Checkout />);
