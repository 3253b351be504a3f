// The two storefronts' one checkout page (plain HTML and a little script): an
// address form, "get rates" listing the store's rates (lockers marked), "place
// order", and for the Shopify store "mark paid" and "cancel", which make the
// store send its signed webhooks. Ids and names are stable for tests.
import type { Language } from "../server/language.ts";

const TEXT = {
  en: {
    shopify: "Sklep Kowalski on Shopify (simulated)",
    medusa: "Sklep Kowalski on Medusa",
    intro: "A mug and a book, shipped to you or to a parcel locker.",
    first_name: "First name",
    last_name: "Last name",
    email: "E-mail",
    phone: "Phone",
    street: "Street and number",
    city: "City",
    postcode: "Postcode",
    getRates: "Get rates",
    place: "Place order",
    paid: "Mark paid",
    cancel: "Cancel order",
    locker: "locker",
    placed: "Order placed:",
    dashboard: "Dashboard",
  },
  pl: {
    shopify: "Sklep Kowalski na Shopify (symulacja)",
    medusa: "Sklep Kowalski na Medusie",
    intro: "Kubek i książka, wysłane do Ciebie albo do paczkomatu.",
    first_name: "Imię",
    last_name: "Nazwisko",
    email: "E-mail",
    phone: "Telefon",
    street: "Ulica i numer",
    city: "Miasto",
    postcode: "Kod pocztowy",
    getRates: "Pokaż stawki",
    place: "Złóż zamówienie",
    paid: "Oznacz jako opłacone",
    cancel: "Anuluj zamówienie",
    locker: "paczkomat",
    placed: "Zamówienie złożone:",
    dashboard: "Panel",
  },
} as const;

const DEFAULTS = {
  first_name: "Anna",
  last_name: "Nowak",
  email: "anna.nowak@example.com",
  phone: "601234567",
  street: "ul. Długa 5",
  city: "Gdańsk",
  postcode: "80-831",
} as const;

const html = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function storefrontPage(
  store: "shopify" | "medusa",
  language: Language,
  dashboard: string,
): string {
  const t = TEXT[language];
  const fields = (Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[])
    .map(
      (name) =>
        `<label>${html(t[name])} <input name="${name}" value="${html(DEFAULTS[name])}" required></label>`,
    )
    .join("\n      ");
  const shopifyButtons =
    store === "shopify"
      ? `<button type="button" id="mark-paid" disabled>${html(t.paid)}</button>
      <button type="button" id="cancel-order" disabled>${html(t.cancel)}</button>`
      : "";
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(t[store])}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #1d2733; }
  header { display: flex; justify-content: space-between; align-items: baseline; }
  label { display: block; margin: .4rem 0; }
  /* The address fields only: the rates' radio buttons keep their own size. */
  label > input:not([type="radio"]) { display: block; width: 100%; padding: .35rem; box-sizing: border-box; }
  #rates label { display: flex; gap: .5rem; align-items: center; }
  #rates input[type="radio"] { flex: none; margin: 0; }
  .locker { font-size: .8rem; background: #ffe9a8; padding: 0 .4rem; border-radius: .3rem; }
  button { margin: .6rem .4rem 0 0; padding: .45rem .9rem; }
  #order-result:not(:empty) { margin-top: 1rem; padding: .6rem; background: #e3f6e8; border-radius: .3rem; }
  .error { color: #a4161a; }
</style>
</head>
<body>
<header><h1>${html(t[store])}</h1><a href="${html(dashboard)}/">${html(t.dashboard)}</a></header>
<p>${html(t.intro)} · <a href="?lang=pl">PL</a> · <a href="?lang=en">EN</a></p>
<form id="checkout">
      ${fields}
  <button type="button" id="get-rates">${html(t.getRates)}</button>
  <fieldset id="rates"></fieldset>
  <button type="submit" id="place-order" disabled>${html(t.place)}</button>
</form>
<div id="order-result"></div>
<div>${shopifyButtons}</div>
<p id="error" class="error" role="alert"></p>
<script type="module">
const form = document.getElementById("checkout");
const rates = document.getElementById("rates");
const place = document.getElementById("place-order");
const result = document.getElementById("order-result");
const error = document.getElementById("error");
const paid = document.getElementById("mark-paid");
const cancel = document.getElementById("cancel-order");
const lang = ${JSON.stringify(language)};
let cartId = null;
async function post(path, body) {
  error.textContent = "";
  const response = await fetch(path + "?lang=" + lang, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    const issues = (answer.error?.issues ?? []).map((i) => i.path + ": " + i.message).join("; ");
    error.textContent = (answer.error?.message ?? response.status) + (issues ? " (" + issues + ")" : "");
    throw new Error(error.textContent);
  }
  return answer;
}
const address = () => Object.fromEntries(new FormData(form).entries());
document.getElementById("get-rates").addEventListener("click", async () => {
  rates.replaceChildren();
  place.disabled = true;
  const answer = await post("rates", address());
  cartId = answer.cartId ?? null;
  for (const [index, rate] of answer.rates.entries()) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "rate";
    input.value = rate.code;
    input.dataset.locker = String(rate.locker);
    input.checked = index === 0;
    const price = new Intl.NumberFormat(lang, { style: "currency", currency: rate.price.currency }).format(rate.price.amount);
    label.append(input, " " + rate.name + " · " + price + " ");
    if (rate.locker) {
      const tag = document.createElement("span");
      tag.className = "locker";
      tag.textContent = ${JSON.stringify(t.locker)};
      label.append(tag);
    }
    rates.append(label);
  }
  place.disabled = answer.rates.length === 0;
});
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const rate = form.querySelector("input[name=rate]:checked");
  if (!rate) return;
  place.disabled = true;
  const order = await post("orders", { ...address(), rate: rate.value, cartId }).finally(() => { place.disabled = false; });
  result.dataset.orderId = order.id;
  result.textContent = ${JSON.stringify(t.placed)} + " " + order.name;
  if (paid) paid.disabled = false;
  if (cancel) cancel.disabled = false;
});
paid?.addEventListener("click", async () => {
  await post("orders/" + result.dataset.orderId + "/paid");
  paid.disabled = true;
});
cancel?.addEventListener("click", async () => {
  await post("orders/" + result.dataset.orderId + "/cancel");
  cancel.disabled = true;
  paid.disabled = true;
});
</script>
</body>
</html>
`;
}
