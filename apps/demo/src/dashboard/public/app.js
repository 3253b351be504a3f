// The dashboard's controller: loads the demo server's state, orders and
// figures, keeps them fresh by polling, and wires the buttons (connect, test
// orders, ship one or many, clock, language) to the JSON API.
import { ApiError, createApi, NetworkError } from "./api.js";
import { batchBanner } from "./batch-banner.js";
import { renderChart } from "./chart.js";
import { escapeHtml, formatDateTime } from "./format.js";
import { renderMap } from "./map.js";
import { canShip, orderKey, renderOrderRow } from "./orders.js";
import { initialLanguage, translate } from "./texts.js";

const LANGUAGE_KEY = "shipbridge-demo-language";
const STORES = ["shopify", "medusa"];
const POLL_MS = 3000;
const BATCH_POLL_MS = 700;

const $ = (selector) => document.querySelector(selector);

function rememberedLanguage() {
  try {
    return window.localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

const view = {
  language: initialLanguage(rememberedLanguage(), navigator.languages ?? [navigator.language]),
  state: null,
  orders: [],
  stats: null,
  selected: new Set(),
  batch: null,
  busy: false,
  ordersMarkup: "",
  lastMessage: null,
};

const t = (key, values) => translate(view.language, key, values);
const api = createApi(() => view.language);

// --- messages -------------------------------------------------------------

let messageTimer;
/** Shows a message; `render` gives its text, so a language switch re-renders it. */
function showMessage(kind, render, { sticky = false, topic = kind } = {}) {
  view.lastMessage = { kind, render, sticky, topic };
  const box = $("#message");
  box.hidden = false;
  box.dataset.kind = kind;
  // What the message is about, so a reader (or a test) can tell them apart.
  box.dataset.topic = topic;
  box.innerHTML = render();
  clearTimeout(messageTimer);
  if (!sticky) messageTimer = setTimeout(hideMessage, 8000);
}

function hideMessage() {
  view.lastMessage = null;
  $("#message").hidden = true;
}

function errorMarkup(error) {
  if (error instanceof NetworkError) return escapeHtml(t("error.network"));
  const head = escapeHtml(t("error.generic", { message: error.message }));
  const issues = error instanceof ApiError ? error.issues : [];
  if (!issues.length) return head;
  return `${head}<ul class="problems">${issues
    .map(
      (issue) =>
        `<li data-path="${escapeHtml(issue.path)}" data-rule="${escapeHtml(issue.rule)}">${escapeHtml(t("error.issue", issue))}</li>`,
    )
    .join("")}</ul>`;
}

function showError(error) {
  console.error(error);
  showMessage("error", () => errorMarkup(error), { sticky: true, topic: "error" });
}

// --- texts ----------------------------------------------------------------

function applyTexts() {
  document.documentElement.lang = view.language;
  for (const element of document.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of document.querySelectorAll("[data-i18n-aria-label]")) {
    element.setAttribute("aria-label", t(element.dataset.i18nAriaLabel));
  }
  for (const button of document.querySelectorAll(".lang-button")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === view.language));
  }
  document.title = t("app.title");
}

async function setLanguage(language) {
  view.language = language;
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private windows may refuse storage; the switch still works for this page.
  }
  applyTexts();
  renderAll();
  if (view.lastMessage)
    showMessage(view.lastMessage.kind, view.lastMessage.render, view.lastMessage);
  // Problems and messages come from the server in the language asked for.
  await refresh();
}

// --- rendering ------------------------------------------------------------

function renderStores() {
  const state = view.state;
  for (const store of STORES) {
    const connection = state?.connection?.[store] ?? "unknown";
    const badge = $(`#connection-${store}`);
    badge.dataset.state = connection;
    badge.textContent = connection === "unknown" ? "…" : t(`connection.${connection}`);
    const connect = $(`#connect-${store}`);
    connect.dataset.state = connection;
    connect.textContent = t(
      connection === "not_connected" || connection === "unknown"
        ? "connection.connect"
        : "connection.reconnectAction",
    );
    connect.classList.toggle("button-ghost", connection === "connected");
    const links = state?.stores?.[store] ?? {};
    const storefront = $(`#storefront-${store}`);
    if (links.storefront) storefront.href = links.storefront;
    storefront.hidden = !links.storefront;
  }
  const now = state?.sandbox?.now;
  const clock = $("#clock-now");
  clock.textContent = now ? formatDateTime(now, view.language) : t("clock.unknown");
  if (now) clock.dateTime = now;
}

function renderOrders() {
  const busy = view.batch?.state === "running";
  const known = new Set(view.orders.map(orderKey));
  for (const key of view.selected) if (!known.has(key)) view.selected.delete(key);
  const markup = view.orders
    .map((order) => renderOrderRow(order, view.selected, view.language, t, busy))
    .join("\n");
  if (markup !== view.ordersMarkup) {
    // Keep the keyboard focus on the same control across a re-render.
    const active = document.activeElement;
    const focusKey = active?.closest?.("#orders-body") ? active.dataset.key : undefined;
    const focusAction =
      active?.dataset?.action ??
      (active?.classList?.contains("select-order") ? "select" : undefined);
    $("#orders-body").innerHTML = markup;
    view.ordersMarkup = markup;
    if (focusKey) {
      const selector =
        focusAction === "select"
          ? `.select-order[data-key="${CSS.escape(focusKey)}"]`
          : `[data-action="${CSS.escape(focusAction ?? "")}"][data-key="${CSS.escape(focusKey)}"]`;
      document.querySelector(selector)?.focus();
    }
  }
  $("#orders-empty").hidden = view.orders.length > 0;
  $("#orders-count").textContent = view.orders.length
    ? t("orders.count", { count: view.orders.length })
    : "";
  renderSelection();
}

function renderSelection() {
  const shippable = view.orders.filter(canShip).map(orderKey);
  const count = view.selected.size;
  const button = $("#ship-selected");
  button.textContent = t("orders.shipSelected", { count });
  button.disabled = count === 0 || view.batch?.state === "running";
  button.title = count === 0 ? t("orders.selectedNone") : "";
  const all = $("#select-all");
  all.disabled = shippable.length === 0;
  all.checked = shippable.length > 0 && shippable.every((key) => view.selected.has(key));
  all.indeterminate = count > 0 && !all.checked;
}

function renderBatch() {
  const batch = view.batch;
  const box = $("#batch");
  if (!batch) {
    box.hidden = true;
    box.dataset.state = "idle";
    return;
  }
  box.hidden = false;
  box.dataset.state = batch.state;
  box.dataset.batchId = batch.id;
  const progress = $("#batch-progress");
  progress.max = Math.max(1, batch.total);
  progress.value = Math.min(batch.total, batch.done + batch.failed);
  const banner = batchBanner(batch);
  box.dataset.tone = banner.tone;
  $("#batch-label").textContent = t(banner.key, banner.values);
}

function renderPictures() {
  const stats = view.stats ?? { days: [], points: [] };
  $("#map").innerHTML = renderMap(stats.points ?? [], t);
  $("#chart").innerHTML = renderChart(stats.days ?? [], view.language, t);
}

function renderAll() {
  renderStores();
  view.ordersMarkup = "";
  renderOrders();
  renderBatch();
  renderPictures();
}

// --- loading --------------------------------------------------------------

let loading = null;
let queued = null;
/**
 * Loads state, orders and figures. A call while a load is under way gets one
 * more load after it, so what it sees is never older than the call itself
 * (the clock button's refresh must not get a poll's answer from before the move).
 */
function refresh() {
  if (!loading) {
    loading = load().finally(() => {
      loading = null;
    });
    return loading;
  }
  queued ??= loading
    .catch(() => {})
    .then(() => {
      queued = null;
      return refresh();
    });
  return queued;
}

async function load() {
  const [state, orders, stats] = await Promise.all([api.state(), api.orders(), api.stats()]);
  view.state = state;
  view.orders = orders.orders ?? [];
  view.stats = stats;
  renderStores();
  renderOrders();
  renderPictures();
  document.body.dataset.loaded = "true";
}

let batchTimer;
async function followBatch(batch) {
  view.batch = batch;
  renderBatch();
  renderOrders();
  clearTimeout(batchTimer);
  if (batch.state === "finished") {
    const banner = batchBanner(batch);
    showMessage(banner.tone, () => escapeHtml(t(banner.key, banner.values)), {
      topic: "batch",
      // A batch with failures stays until the merchant has read it.
      sticky: banner.tone !== "success",
    });
    await refresh().catch(showError);
    return;
  }
  batchTimer = setTimeout(async () => {
    try {
      const answer = await api.batch(batch.id);
      await followBatch(answer.batch);
      if (answer.batch.state === "running") refresh().catch(() => {});
    } catch (error) {
      showError(error);
      batchTimer = setTimeout(() => followBatch(batch), BATCH_POLL_MS * 4);
    }
  }, BATCH_POLL_MS);
}

async function ship(orders) {
  const answer = await api.ship(orders);
  for (const order of orders) view.selected.delete(`${order.store}:${order.id}`);
  showMessage("info", () => escapeHtml(t("batch.started", { total: answer.batch.total })), {
    topic: "batch",
  });
  await followBatch(answer.batch);
}

/** Runs an action with its button disabled, showing any error. */
async function withButton(button, action) {
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  try {
    await action();
  } catch (error) {
    showError(error);
  } finally {
    button.disabled = false;
    button.removeAttribute("aria-busy");
    renderSelection();
  }
}

// --- wiring ---------------------------------------------------------------

function wire() {
  for (const button of document.querySelectorAll(".lang-button")) {
    button.addEventListener("click", () => setLanguage(button.dataset.lang).catch(showError));
  }
  for (const store of STORES) {
    const button = $(`#sample-${store}`);
    button.addEventListener("click", () =>
      withButton(button, async () => {
        const answer = await api.sampleOrders(store, 10);
        const count = answer.orders?.length ?? 0;
        showMessage(
          "success",
          () => escapeHtml(t("store.sampleDone", { store: t(`store.${store}`), count })),
          { topic: `sample-${store}` },
        );
        await refresh();
      }),
    );
  }
  for (const [id, change] of [
    ["#clock-hour", { hours: 1 }],
    ["#clock-day", { days: 1 }],
  ]) {
    const button = $(id);
    button.addEventListener("click", () =>
      withButton(button, async () => {
        const answer = await api.moveClock(change);
        showMessage(
          "success",
          () => escapeHtml(t("clock.moved", { now: formatDateTime(answer.now, view.language) })),
          { topic: "clock" },
        );
        await refresh();
      }),
    );
  }
  $("#refresh").addEventListener("click", (event) => withButton(event.currentTarget, refresh));
  $("#select-all").addEventListener("change", (event) => {
    const shippable = view.orders.filter(canShip).map(orderKey);
    if (event.currentTarget.checked) for (const key of shippable) view.selected.add(key);
    else view.selected.clear();
    view.ordersMarkup = "";
    renderOrders();
  });
  $("#orders-body").addEventListener("change", (event) => {
    const box = event.target.closest(".select-order");
    if (!box) return;
    if (box.checked) view.selected.add(box.dataset.key);
    else view.selected.delete(box.dataset.key);
    box.closest("tr")?.classList.toggle("is-selected", box.checked);
    renderSelection();
  });
  $("#orders-body").addEventListener("click", (event) => {
    const button = event.target.closest('button[data-action="ship"]');
    if (!button) return;
    const [store, ...rest] = button.dataset.key.split(":");
    withButton(button, () => ship([{ store, id: rest.join(":") }]));
  });
  $("#ship-selected").addEventListener("click", (event) => {
    const orders = [...view.selected].map((key) => {
      const [store, ...rest] = key.split(":");
      return { store, id: rest.join(":") };
    });
    if (orders.length) withButton(event.currentTarget, () => ship(orders));
  });
}

function greetAfterConnect() {
  const url = new URL(window.location.href);
  const store = url.searchParams.get("connected");
  if (!store) return;
  if (STORES.includes(store)) {
    showMessage("success", () => escapeHtml(t("connection.done", { store: t(`store.${store}`) })), {
      topic: `connected-${store}`,
    });
  }
  url.searchParams.delete("connected");
  window.history.replaceState(null, "", url.pathname + url.search + url.hash);
}

async function resumeBatch() {
  const answer = await api.batches();
  const running = (answer.batches ?? []).find((batch) => batch.state === "running");
  if (running) await followBatch(running);
}

async function start() {
  applyTexts();
  wire();
  greetAfterConnect();
  renderAll();
  try {
    await refresh();
    await resumeBatch();
  } catch (error) {
    showError(error);
  }
  setInterval(() => {
    if (document.hidden) return;
    refresh().then(
      () => {
        if (view.lastMessage?.topic === "network") hideMessage();
      },
      (error) => {
        if (error instanceof NetworkError) {
          showMessage("error", () => escapeHtml(t("error.network")), {
            sticky: true,
            topic: "network",
          });
        }
      },
    );
  }, POLL_MS);
}

start();
