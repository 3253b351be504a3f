// The two storefronts' one checkout page (plain HTML and a little script), in
// English or Polish: the cart, an address form, "get rates" listing the
// store's rates in aligned columns (name, detail, price) with the lockers on
// a map drawn by the dashboard's map code (choose on the map or in the list),
// "place order", and for the Shopify store "mark paid" and "cancel", which
// make the store send its signed webhooks; every outcome is announced in a
// status region. Ids and names are stable for tests.
import { fieldName } from "@shipbridge/core";
import type { Language } from "../server/language.ts";
import { type CustomerAddress, SAMPLE_CUSTOMERS } from "./customers.ts";
import { CART as SHOPIFY_CART } from "./shopify/storefront.ts";

/** Every text of the page, the same keys in each language. */
export const TEXT = {
  en: {
    shopify: "Sklep Kowalski on Shopify (simulated)",
    medusa: "Sklep Kowalski on Medusa",
    intro: "A mug and a book, shipped to you or to a parcel locker.",
    cart: "Your cart",
    mug: "Mug",
    book: "Book",
    subtotal: "Subtotal",
    address: "Delivery address",
    first_name: "First name",
    last_name: "Last name",
    email: "E-mail",
    phone: "Phone",
    street: "Street and number",
    city: "City",
    postcode: "Postcode",
    rate: "Delivery",
    cartId: "Cart",
    getRates: "Get rates",
    delivery: "Delivery",
    lookingForRates: "Looking for delivery options…",
    ratesFound: "Delivery options: {count}. Choose one in the list or on the map.",
    noRates: "No delivery is offered to this address.",
    mapTitle: "Pickup points near the address",
    mapDesc: "Each numbered dot is a pickup point of the list; choose one to ship to it.",
    chooseOnMap: "Choose {name}, {address}",
    place: "Place order",
    placing: "Placing the order…",
    paid: "Mark paid",
    cancel: "Cancel order",
    placed: "Thank you! Order {order} is placed.",
    receipt: "Order {order}: {rate}, {price}",
    paidDone: "Payment recorded: order {order} is paid.",
    cancelled: "Order {order} is cancelled.",
    dashboard: "Dashboard",
    language: "Language",
    problems: "Please check:",
    failed: "Something went wrong; try again in a moment.",
  },
  pl: {
    shopify: "Sklep Kowalski na Shopify (symulacja)",
    medusa: "Sklep Kowalski na Medusie",
    intro: "Kubek i książka, wysłane do Ciebie albo do paczkomatu.",
    cart: "Twój koszyk",
    mug: "Kubek",
    book: "Książka",
    subtotal: "Suma częściowa",
    address: "Adres dostawy",
    first_name: "Imię",
    last_name: "Nazwisko",
    email: "E-mail",
    phone: "Telefon",
    street: "Ulica i numer",
    city: "Miasto",
    postcode: "Kod pocztowy",
    rate: "Dostawa",
    cartId: "Koszyk",
    getRates: "Pokaż opcje dostawy",
    delivery: "Dostawa",
    lookingForRates: "Szukamy opcji dostawy…",
    ratesFound: "Opcje dostawy: {count}. Wybierz jedną z listy albo na mapie.",
    noRates: "Pod ten adres nie ma dostawy.",
    mapTitle: "Punkty odbioru w pobliżu adresu",
    mapDesc: "Każda numerowana kropka to punkt odbioru z listy; wybierz ją, by wysłać do niego.",
    chooseOnMap: "Wybierz {name}, {address}",
    place: "Złóż zamówienie",
    placing: "Składamy zamówienie…",
    paid: "Oznacz jako opłacone",
    cancel: "Anuluj zamówienie",
    placed: "Dziękujemy! Zamówienie {order} zostało złożone.",
    receipt: "Zamówienie {order}: {rate}, {price}",
    paidDone: "Płatność przyjęta: zamówienie {order} jest opłacone.",
    cancelled: "Zamówienie {order} zostało anulowane.",
    dashboard: "Panel",
    language: "Język",
    problems: "Sprawdź:",
    failed: "Coś poszło nie tak; spróbuj ponownie za chwilę.",
  },
} as const;

/** The form's first answers: the first sample customer. */
const DEFAULTS: CustomerAddress = SAMPLE_CUSTOMERS[0] as CustomerAddress;

/** Each field's autofill name and, on a phone, its keyboard. */
const INPUTS: Record<keyof CustomerAddress, { autocomplete: string; attributes?: string }> = {
  first_name: { autocomplete: "given-name" },
  last_name: { autocomplete: "family-name" },
  email: { autocomplete: "email", attributes: 'type="email"' },
  phone: { autocomplete: "tel", attributes: 'type="tel"' },
  street: { autocomplete: "street-address" },
  city: { autocomplete: "address-level2" },
  postcode: { autocomplete: "postal-code", attributes: 'inputmode="numeric"' },
};

/** The page's words for the store's items, by SKU. */
const ITEM_TEXT: Readonly<Record<string, "mug" | "book">> = { KUBEK: "mug", KSIAZKA: "book" };

/** The cart every checkout buys: the store's own items and prices, in złoty. */
const CART = SHOPIFY_CART.map((item) => ({
  key: ITEM_TEXT[item.sku] ?? "mug",
  price: Number(item.price) * item.quantity,
}));

/** The checkout form's own fields (and what a request names besides them). */
const FORM_FIELDS = new Set([...Object.keys(DEFAULTS), "rate", "cartId"]);

/**
 * How a problem's field is named for the customer: as the form labels it
 * ("Ulica i numer" for `street`), else as core names the path for people
 * ("Telefon odbiorcy" for `order.shipping_address.phone`).
 */
export function formFieldName(path: string, language: Language): string {
  if (FORM_FIELDS.has(path)) return (TEXT[language] as Record<string, string>)[path] ?? path;
  return fieldName(path, language);
}

const html = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function storefrontPage(
  store: "shopify" | "medusa",
  language: Language,
  dashboard: string,
): string {
  const t = TEXT[language];
  const money = (amount: number) =>
    new Intl.NumberFormat(language === "pl" ? "pl-PL" : "en-GB", {
      style: "currency",
      currency: "PLN",
    }).format(amount);
  const fields = (Object.keys(INPUTS) as (keyof CustomerAddress)[])
    .map(
      (name) =>
        `<label class="field field-${name}"><span>${html(t[name])}</span> <input name="${name}" ${INPUTS[name].attributes ?? 'type="text"'} value="${html(DEFAULTS[name])}" autocomplete="${INPUTS[name].autocomplete}" required></label>`,
    )
    .join("\n      ");
  const cart = CART.map(
    (item) =>
      `<li><span>${html(t[item.key])}</span><span class="price">${html(money(item.price))}</span></li>`,
  ).join("");
  const subtotal = money(CART.reduce((sum, item) => sum + item.price, 0));
  const shopifyButtons =
    store === "shopify"
      ? `<div class="after-order">
    <button type="button" id="mark-paid" disabled>${html(t.paid)}</button>
    <button type="button" id="cancel-order" class="secondary" disabled>${html(t.cancel)}</button>
  </div>`
      : "";
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(t[store])}</title>
<link rel="icon" href="/favicon.svg">
<style>
  * { box-sizing: border-box; }
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1d2733; background: #f4f5f7; }
  header { background: #1d2733; color: #fff; }
  header .bar { max-width: 60rem; margin: 0 auto; padding: .8rem 1rem; display: flex; flex-wrap: wrap; gap: .5rem 1rem; justify-content: space-between; align-items: center; }
  header h1 { font-size: 1.25rem; margin: 0; }
  header nav, header .links { display: flex; gap: .75rem; align-items: center; }
  header a { color: #fff; }
  header a[aria-current="true"] { font-weight: 700; text-decoration: none; }
  main { max-width: 60rem; margin: 0 auto; padding: 1rem; display: grid; gap: 1rem; grid-template-columns: minmax(0, 1fr) 18rem; align-items: start; }
  main > * { min-width: 0; }
  .intro { grid-column: 1 / -1; margin: 0; }
  section, aside { background: #fff; border: 1px solid #d5d9e0; border-radius: .5rem; padding: 1rem; }
  h2 { font-size: 1.1rem; margin: 0 0 .6rem; }
  aside ul { list-style: none; margin: 0; padding: 0; }
  aside li, aside .total { display: flex; justify-content: space-between; gap: 1rem; padding: .25rem 0; }
  aside .total { border-top: 1px solid #d5d9e0; margin-top: .4rem; font-weight: 600; }
  .price { font-variant-numeric: tabular-nums; white-space: nowrap; }
  .fields { display: grid; gap: .2rem 1rem; grid-template-columns: 1fr 1fr; }
  .field { display: block; margin: .2rem 0; }
  .field-street, .field-email { grid-column: 1 / -1; }
  .field > input { display: block; width: 100%; padding: .4rem .5rem; border: 1px solid #8a94a3; border-radius: .3rem; font: inherit; }
  .field > input[aria-invalid="true"] { border-color: #a4161a; outline: 2px solid #a4161a; }
  button { margin: .8rem .5rem 0 0; padding: .5rem 1rem; font: inherit; border-radius: .3rem; border: 1px solid #1d4ed8; background: #1d4ed8; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1d4ed8; }
  button:disabled, button[aria-disabled="true"] { background: #e4e7eb; color: #4b5563; border-color: #9aa3af; cursor: default; }
  #order-result:focus, #status:focus { outline: 2px solid #1d4ed8; outline-offset: 2px; }
  #rates { border: 0; margin: .8rem 0 0; padding: 0; min-width: 0; }
  #rates legend { font-weight: 600; padding: 0; margin-bottom: .3rem; }
  .delivery { display: grid; gap: 1rem; grid-template-columns: minmax(0, 1fr); }
  .delivery.with-map { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); }
  .rate-list { display: grid; gap: .4rem; }
  /* One grid per rate, the same columns in each: choice, name over detail, price at the right edge. */
  .rate { display: grid; grid-template-columns: 1.5rem minmax(0, 1fr) auto; grid-template-areas: "choice name price" "choice detail price"; column-gap: .6rem; align-items: center; padding: .5rem .6rem; border: 1px solid #d5d9e0; border-radius: .4rem; cursor: pointer; }
  .rate:has(input:checked) { border-color: #1d4ed8; background: #eef3ff; }
  .rate input { grid-area: choice; margin: 0; width: 1.1rem; height: 1.1rem; }
  .rate-name { grid-area: name; font-weight: 600; overflow-wrap: anywhere; }
  .rate-detail { grid-area: detail; color: #4b5563; font-size: .9rem; overflow-wrap: anywhere; }
  .rate-price { grid-area: price; justify-self: end; text-align: right; }
  .pin { display: inline-block; min-width: 1.4rem; margin-right: .35rem; border-radius: 1rem; background: #b45309; color: #fff; text-align: center; font-size: .8rem; }
  .map-box { margin: 0; }
  .map-box svg { width: 100%; height: auto; display: block; background: #dbeafe; border-radius: .4rem; border: 1px solid #d5d9e0; }
  .map-box figcaption { font-size: .85rem; color: #4b5563; }
  .map-country { fill: #f8fafc; stroke: #64748b; vector-effect: non-scaling-stroke; stroke-width: 1.5; }
  .map-inset .map-country { fill: #e2e8f0; }
  .map-inset .here { fill: #b45309; }
  .choice circle { fill: #b45309; stroke: #fff; vector-effect: non-scaling-stroke; stroke-width: 2; cursor: pointer; }
  .choice text { fill: #fff; font-weight: 700; pointer-events: none; }
  .choice[aria-pressed="true"] circle { fill: #1d4ed8; stroke: #1d2733; stroke-width: 3; }
  .choice:focus { outline: none; }
  .choice:focus-visible circle { stroke: #1d2733; stroke-width: 4; }
  #status:not(:empty) { margin-top: 1rem; padding: .6rem .8rem; background: #e3f6e8; border: 1px solid #2f855a; border-radius: .3rem; }
  #order-result:not(:empty) { margin-top: 1rem; font-weight: 600; }
  .error:not(:empty) { margin-top: 1rem; padding: .6rem .8rem; color: #8a1116; background: #fdecec; border: 1px solid #a4161a; border-radius: .3rem; }
  .error ul { margin: .3rem 0 0; padding-left: 1.2rem; }
  @media (max-width: 44rem) {
    main { grid-template-columns: minmax(0, 1fr); }
    .fields { grid-template-columns: minmax(0, 1fr); }
    .delivery.with-map { grid-template-columns: minmax(0, 1fr); }
  }
</style>
</head>
<body>
<header><div class="bar">
  <h1>${html(t[store])}</h1>
  <div class="links">
    <nav aria-label="${html(t.language)}">
      <a href="?lang=pl" hreflang="pl" lang="pl" aria-current="${language === "pl"}">Polski</a>
      <a href="?lang=en" hreflang="en" lang="en" aria-current="${language === "en"}">English</a>
    </nav>
    <a href="${html(dashboard)}/?lang=${language}">${html(t.dashboard)}</a>
  </div>
</div></header>
<main>
<p class="intro">${html(t.intro)}</p>
<section aria-labelledby="checkout-heading">
<h2 id="checkout-heading">${html(t.address)}</h2>
<form id="checkout" novalidate>
  <div class="fields">
      ${fields}
  </div>
  <button type="button" id="get-rates">${html(t.getRates)}</button>
  <div class="delivery" id="delivery">
    <fieldset id="rates" hidden><legend>${html(t.delivery)}</legend><div class="rate-list" id="rate-list"></div></fieldset>
    <figure class="map-box" id="rate-map" hidden></figure>
  </div>
  <button type="submit" id="place-order" disabled>${html(t.place)}</button>
</form>
<div id="order-result" tabindex="-1"></div>
${shopifyButtons}
<p id="status" role="status" aria-live="polite" tabindex="-1"></p>
<div id="error" class="error" role="alert"></div>
</section>
<aside aria-labelledby="cart-heading">
<h2 id="cart-heading">${html(t.cart)}</h2>
<ul>${cart}</ul>
<p class="total"><span>${html(t.subtotal)}</span><span class="price">${html(subtotal)}</span></p>
</aside>
</main>
<script type="module">
import { POLAND_OUTLINE, project } from "/map.js";
const T = ${JSON.stringify(t)};
const lang = ${JSON.stringify(language)};
const say = (key, values = {}) => T[key].replace(/\\{(\\w+)\\}/g, (_, name) => String(values[name] ?? ""));
const form = document.getElementById("checkout");
const fieldset = document.getElementById("rates");
const list = document.getElementById("rate-list");
const mapBox = document.getElementById("rate-map");
const delivery = document.getElementById("delivery");
const place = document.getElementById("place-order");
const result = document.getElementById("order-result");
const status = document.getElementById("status");
const error = document.getElementById("error");
const paid = document.getElementById("mark-paid");
const cancel = document.getElementById("cancel-order");
const SVG = "http://www.w3.org/2000/svg";
let cartId = null;
let orderName = "";
function clearProblems() {
  error.replaceChildren();
  for (const input of form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
}
function showProblems(answer) {
  const problem = answer.error ?? {};
  const lead = document.createElement("p");
  lead.style.margin = "0";
  lead.textContent = problem.message ?? T.failed;
  // The store's own words, when it gave them, on hover.
  if (problem.details) lead.title = problem.details;
  error.append(lead);
  const issues = problem.issues ?? [];
  if (issues.length === 0) return;
  const items = document.createElement("ul");
  items.setAttribute("aria-label", T.problems);
  for (const issue of issues) {
    const item = document.createElement("li");
    item.dataset.path = issue.path;
    item.dataset.rule = issue.rule;
    // The person's wording; the field's path and the rule on hover.
    item.title = issue.path + " · " + issue.rule;
    item.textContent = issue.message;
    items.append(item);
    const input = form.querySelector("[name='" + CSS.escape(issue.path) + "']");
    if (input) input.setAttribute("aria-invalid", "true");
  }
  error.append(items);
}
async function post(path, body) {
  clearProblems();
  const response = await fetch(path + "?lang=" + lang, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    status.textContent = "";
    showProblems(answer);
    throw new Error(answer.error?.message ?? String(response.status));
  }
  return answer;
}
const address = () => Object.fromEntries(new FormData(form).entries());
const money = (price) => new Intl.NumberFormat(lang === "pl" ? "pl-PL" : "en-GB", { style: "currency", currency: price.currency }).format(price.amount);
function choose(code) {
  const input = list.querySelector("input[value='" + CSS.escape(code) + "']");
  if (!input) return;
  input.checked = true;
  input.dispatchEvent(new Event("change", { bubbles: true }));
}
function markChosen() {
  const chosen = list.querySelector("input[name=rate]:checked")?.value;
  for (const dot of mapBox.querySelectorAll(".choice")) dot.setAttribute("aria-pressed", String(dot.dataset.code === chosen));
}
list.addEventListener("change", markChosen);
function drawMap(lockers) {
  const located = lockers.filter((rate) => typeof rate.place?.latitude === "number" && typeof rate.place?.longitude === "number");
  mapBox.replaceChildren();
  delivery.classList.toggle("with-map", located.length > 0);
  mapBox.hidden = located.length === 0;
  if (located.length === 0) return;
  const spots = located.map((rate) => ({ rate, ...project(rate.place.longitude, rate.place.latitude) }));
  const xs = spots.map((spot) => spot.x);
  const ys = spots.map((spot) => spot.y);
  // The same projection as the dashboard's map of Poland, zoomed to the lockers.
  const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 0.6);
  const pad = span * 0.3;
  const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad];
  const outline = POLAND_OUTLINE.map(([lon, lat]) => { const p = project(lon, lat); return p.x + "," + p.y; }).join(" ");
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", box.map((n) => n.toFixed(3)).join(" "));
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-labelledby", "rate-map-title");
  svg.innerHTML = '<polygon class="map-country" points="' + outline + '"></polygon>';
  const radius = span * 0.07;
  for (const spot of spots) {
    const dot = document.createElementNS(SVG, "g");
    dot.setAttribute("class", "choice");
    dot.setAttribute("role", "button");
    dot.setAttribute("tabindex", "0");
    dot.dataset.code = spot.rate.code;
    dot.dataset.pointId = spot.rate.point;
    const number = String(lockers.indexOf(spot.rate) + 1);
    // The dot's visible number starts its name.
    dot.setAttribute("aria-label", number + ". " + say("chooseOnMap", { name: spot.rate.name, address: spot.rate.place.address ?? "" }));
    const title = document.createElementNS(SVG, "title");
    title.textContent = spot.rate.name + ", " + (spot.rate.place.address ?? "");
    const circle = document.createElementNS(SVG, "circle");
    circle.setAttribute("cx", String(spot.x));
    circle.setAttribute("cy", String(spot.y));
    circle.setAttribute("r", radius.toFixed(3));
    const digits = document.createElementNS(SVG, "text");
    digits.setAttribute("x", String(spot.x));
    digits.setAttribute("y", String(spot.y + radius * 0.4));
    digits.setAttribute("text-anchor", "middle");
    digits.setAttribute("font-size", (radius * 1.1).toFixed(3));
    digits.textContent = number;
    dot.append(title, circle, digits);
    dot.addEventListener("click", () => choose(spot.rate.code));
    dot.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); choose(spot.rate.code); }
    });
    svg.append(dot);
  }
  // Where the lockers are in Poland, on the whole country's outline.
  const inset = document.createElementNS(SVG, "svg");
  inset.setAttribute("class", "map-inset");
  inset.setAttribute("aria-hidden", "true");
  const whole = POLAND_OUTLINE.map(([lon, lat]) => project(lon, lat));
  const wx = whole.map((p) => p.x), wy = whole.map((p) => p.y);
  inset.setAttribute("viewBox", [Math.min(...wx), Math.min(...wy), Math.max(...wx) - Math.min(...wx), Math.max(...wy) - Math.min(...wy)].join(" "));
  inset.setAttribute("x", String(box[0] + box[2] * 0.72));
  inset.setAttribute("y", String(box[1] + box[3] * 0.02));
  inset.setAttribute("width", String(box[2] * 0.26));
  inset.setAttribute("height", String(box[3] * 0.26));
  inset.innerHTML = '<polygon class="map-country" points="' + outline + '"></polygon><circle class="here" cx="' + spots[0].x + '" cy="' + spots[0].y + '" r="12"></circle>';
  svg.append(inset);
  const caption = document.createElement("figcaption");
  caption.id = "rate-map-title";
  caption.textContent = T.mapTitle + ". " + T.mapDesc;
  mapBox.append(svg, caption);
  markChosen();
}
const getRates = document.getElementById("get-rates");
/**
 * Runs a button's request once at a time: the button stays focusable while
 * it runs (aria-disabled, never disabled, so focus never drops to the body),
 * a second press is ignored, and a failure the server did not explain (the
 * network, say) is shown in the error region instead of vanishing.
 */
function action(button, run) {
  button?.addEventListener("click", async (event) => {
    event.preventDefault();
    if (button.getAttribute("aria-disabled") === "true" || button.disabled) return;
    button.setAttribute("aria-disabled", "true");
    try {
      await run();
    } catch (problem) {
      status.textContent = "";
      if (error.childElementCount === 0) showProblems({});
    } finally {
      button.removeAttribute("aria-disabled");
    }
  });
}
action(getRates, async () => {
  list.replaceChildren();
  fieldset.hidden = true;
  mapBox.hidden = true;
  place.disabled = true;
  status.textContent = T.lookingForRates;
  clearProblems();
  const answer = await post("rates", address());
  cartId = answer.cartId ?? null;
  const lockers = answer.rates.filter((rate) => rate.locker);
  for (const [index, rate] of answer.rates.entries()) {
    const label = document.createElement("label");
    label.className = "rate";
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "rate";
    input.value = rate.code;
    input.dataset.locker = String(rate.locker);
    input.checked = index === 0;
    const name = document.createElement("span");
    name.className = "rate-name";
    if (rate.locker) {
      const pin = document.createElement("span");
      pin.className = "pin";
      pin.setAttribute("aria-hidden", "true");
      pin.textContent = String(lockers.indexOf(rate) + 1);
      name.append(pin);
    }
    name.append(rate.name);
    const detail = document.createElement("span");
    detail.className = "rate-detail";
    detail.textContent = rate.place?.address || rate.description || "";
    const price = document.createElement("span");
    price.className = "rate-price price";
    price.textContent = money(rate.price);
    label.append(input, name, detail, price);
    list.append(label);
  }
  fieldset.hidden = answer.rates.length === 0;
  drawMap(lockers);
  place.disabled = answer.rates.length === 0;
  status.textContent = answer.rates.length === 0 ? T.noRates : say("ratesFound", { count: answer.rates.length });
});
form.addEventListener("submit", (event) => {
  event.preventDefault();
  place.click();
});
action(place, async () => {
  const rate = form.querySelector("input[name=rate]:checked");
  if (!rate) return;
  status.textContent = T.placing;
  const order = await post("orders", { ...address(), rate: rate.value, cartId });
  orderName = order.name;
  result.dataset.orderId = order.id;
  // The receipt: the order and how it travels.
  const chosen = rate.closest("label");
  result.textContent = say("receipt", {
    order: order.name,
    rate: chosen?.querySelector(".rate-name")?.lastChild?.textContent ?? "",
    price: chosen?.querySelector(".rate-price")?.textContent ?? "",
  });
  status.dataset.state = "placed";
  status.textContent = say("placed", { order: order.name });
  if (paid) paid.disabled = false;
  if (cancel) cancel.disabled = false;
});
action(paid, async () => {
  await post("orders/" + result.dataset.orderId + "/paid");
  // Paid once only: focus moves on to what can still be done, before the button goes.
  cancel.focus();
  paid.disabled = true;
  status.dataset.state = "paid";
  status.textContent = say("paidDone", { order: orderName });
});
action(cancel, async () => {
  await post("orders/" + result.dataset.orderId + "/cancel");
  // Nothing is left to do with the order: focus goes to its receipt.
  result.focus();
  cancel.disabled = true;
  paid.disabled = true;
  status.dataset.state = "cancelled";
  status.textContent = say("cancelled", { order: orderName });
});
</script>
</body>
</html>
`;
}
