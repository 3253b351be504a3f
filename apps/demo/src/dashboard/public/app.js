// The dashboard's controller: loads the demo server's state, orders and
// figures, keeps them fresh by polling, and wires the buttons (connect, test
// orders, ship one or many as one batch, the batch's labels, protocols and
// courier, the day's reckoning, clock, language) to the JSON API.
import { ApiError, createApi, NetworkError } from "./api.js";
import { batchBanner, partLines, timeLeft } from "./batch-banner.js";
import { renderChart } from "./chart.js";
import { courierMarkup, labelLinks, protocolLinks } from "./day-panel.js";
import { escapeHtml, formatClock, formatDateTime } from "./format.js";
import { renderMap } from "./map.js";
import { orderActionsPanel } from "./order-actions.js";
import { canShip, orderKey, renderOrderRow } from "./orders.js";
import { renderReckoning } from "./reckoning.js";
import { initialLanguage, translate } from "./texts.js";

const LANGUAGE_KEY = "shipbridge-demo-language";
const FORMAT_KEY = "shipbridge-demo-label-format";
const FORMATS = ["a6", "a4", "zpl"];
const STORES = ["shopify", "medusa"];
const POLL_MS = 3000;
const BATCH_POLL_MS = 700;
const SAMPLE_POLL_MS = 1000;

const $ = (selector) => document.querySelector(selector);

function remembered(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function remember(key, value) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private windows may refuse storage; the choice still holds for this page.
  }
}

/** A fresh key for a request the server must take once however often it is sent. */
function requestKey() {
  if (window.crypto?.randomUUID) return window.crypto.randomUUID();
  return `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

const view = {
  language: initialLanguage(remembered(LANGUAGE_KEY), navigator.languages ?? [navigator.language]),
  labelFormat: FORMATS.includes(remembered(FORMAT_KEY)) ? remembered(FORMAT_KEY) : "a6",
  state: null,
  orders: [],
  stats: null,
  selected: new Set(),
  batch: null,
  /** The key of the next "Ship selected": the same for every click until a batch is made. */
  shipKey: requestKey(),
  /** A ship request under way: a second click waits for it instead of sending another. */
  shipping: null,
  /** The batch's protocols and courier once asked for (by batch id). */
  protocols: null,
  courier: null,
  reckoning: null,
  sampleRun: null,
  ordersMarkup: "",
  lastMessage: null,
};

const t = (key, values) => translate(view.language, key, values);
const api = createApi(() => view.language);
const actions = orderActionsPanel({ t, language: () => view.language, refresh: () => refresh() });

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
  remember(LANGUAGE_KEY, language);
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
    connect.href = `/api/connect/${store}?lang=${view.language}`;
    connect.dataset.state = connection;
    connect.textContent = t(
      connection === "not_connected" || connection === "unknown"
        ? "connection.connect"
        : "connection.reconnectAction",
    );
    connect.classList.toggle("button-ghost", connection === "connected");
    // The service's login and consent pages in the dashboard's language.
    connect.href = `/api/connect/${store}?lang=${encodeURIComponent(view.language)}`;
    const links = state?.stores?.[store] ?? {};
    const storefront = $(`#storefront-${store}`);
    if (links.storefront) {
      // The storefront opens in the dashboard's language.
      const url = new URL(links.storefront, window.location.href);
      url.searchParams.set("lang", view.language);
      storefront.href = url.href;
    }
    storefront.hidden = !links.storefront;
  }
  const now = state?.sandbox?.now;
  const clock = $("#clock-now");
  clock.textContent = now ? formatClock(now, view.language) : t("clock.unknown");
  clock.title = t("clock.zone", { zone: "Europe/Warsaw" });
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
  // Never `disabled`: a disabled button drops the keyboard's focus to the page.
  const off = count === 0 || view.batch?.state === "running";
  if (off || button.getAttribute("aria-busy") === "true")
    button.setAttribute("aria-disabled", "true");
  else button.removeAttribute("aria-disabled");
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
    renderDay();
    return;
  }
  box.hidden = false;
  box.dataset.state = batch.state;
  box.dataset.batchId = batch.id;
  const progress = $("#batch-progress");
  const bar = batch.progress ?? { value: batch.done + batch.failed, max: batch.total };
  progress.max = Math.max(1, bar.max);
  progress.value = Math.min(bar.max, bar.value);
  const banner = batchBanner(batch);
  box.dataset.tone = banner.tone;
  $("#batch-label").textContent = t(banner.key, banner.values);
  const eta = $("#batch-eta");
  if (batch.state === "running") {
    const left = timeLeft(batch.remainingMs);
    eta.textContent = t(left.key, left.values);
    eta.dataset.remainingMs = String(batch.remainingMs ?? "");
  } else {
    eta.textContent = "";
    eta.dataset.remainingMs = "0";
  }
  $("#batch-stores").textContent = partLines(batch)
    .map((line) => t(line.key, { ...line.values, store: t(`store.${line.values.store}`) }))
    .join(" · ");
  renderDay();
}

/** The batch's day: shown once some of it has shipped. */
function renderDay() {
  const batch = view.batch;
  const day = $("#day");
  const shipped = batch?.parts?.some((part) => part.done > 0) ?? false;
  day.hidden = !shipped;
  if (!shipped) return;
  day.dataset.batchId = batch.id;
  $("#label-format").value = view.labelFormat;
  $("#label-files").innerHTML = labelLinks(batch, view.labelFormat, t, view.language);
  const protocols = view.protocols?.batchId === batch.id ? view.protocols.list : null;
  $("#protocol-files").innerHTML = protocols ? protocolLinks(protocols, t, view.language) : "";
  const courier = view.courier?.batchId === batch.id ? view.courier.answer : null;
  $("#courier").innerHTML = courier ? courierMarkup(courier, view.language, t) : "";
}

function renderSamples() {
  const run = view.sampleRun;
  const box = $("#samples");
  if (!run) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.dataset.state = run.state;
  box.dataset.tone = run.failed > 0 ? "warning" : run.state === "finished" ? "success" : "info";
  const progress = $("#samples-progress");
  progress.max = Math.max(1, run.total);
  progress.value = run.placed + run.failed;
  const single = run.stores.length === 1 ? run.stores[0].store : null;
  $("#samples-label").textContent = single
    ? t("samples.progressStore", {
        store: t(`store.${single}`),
        placed: run.placed,
        total: run.total,
      })
    : t("samples.progress", { placed: run.placed, total: run.total });
}

function renderReckoningView() {
  $("#reckoning").innerHTML = view.reckoning
    ? renderReckoning(view.reckoning, view.language, t)
    : "";
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
  renderSamples();
  renderReckoningView();
  renderPictures();
  actions.render(view.orders);
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
  // The reckoning's day starts as the service's day.
  const day = $("#reckoning-day");
  if (!day.value && state?.sandbox?.now) day.value = serviceDay(state.sandbox.now);
  renderStores();
  renderOrders();
  renderPictures();
  await actions.render(view.orders);
  document.body.dataset.loaded = "true";
}

/** The day (YYYY-MM-DD) of a moment in Poland, where the service works. */
function serviceDay(iso) {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Warsaw",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(iso));
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

/**
 * Ships `orders` as one batch under `key`. While a request is under way a
 * second call (a double click) waits for the same answer instead of
 * sending another; the server takes one batch per key besides.
 */
function ship(orders, key) {
  view.shipping ??= (async () => {
    try {
      const answer = await api.ship(orders, key);
      for (const order of orders) view.selected.delete(`${order.store}:${order.id}`);
      if (view.batch?.id !== answer.batch.id) {
        view.protocols = null;
        view.courier = null;
      }
      showMessage("info", () => escapeHtml(t("batch.started", { total: answer.batch.total })), {
        topic: "batch",
      });
      await followBatch(answer.batch);
    } finally {
      view.shipping = null;
    }
  })();
  return view.shipping;
}

let sampleTimer;
/** Places test orders (`store`, or both when null) and follows the run to its end. */
async function placeSamples(store, count) {
  const { run } = await api.sampleRun(store, count);
  view.sampleRun = run;
  renderSamples();
  clearTimeout(sampleTimer);
  let last = run;
  while (last.state !== "finished") {
    await new Promise((resolve) => {
      sampleTimer = setTimeout(resolve, SAMPLE_POLL_MS);
    });
    last = (await api.sampleRunState(run.id)).run;
    view.sampleRun = last;
    renderSamples();
  }
  const topic = store ? `sample-${store}` : "samples";
  if (last.failed > 0) {
    showMessage("warning", () => escapeHtml(t("samples.failed", last)), { topic, sticky: true });
  } else {
    showMessage(
      "success",
      () =>
        escapeHtml(
          store
            ? t("store.sampleDone", { store: t(`store.${store}`), count: last.placed })
            : t("samples.done", { count: last.placed }),
        ),
      { topic },
    );
  }
  await refresh();
}

async function loadProtocols() {
  const batch = view.batch;
  if (!batch) return;
  const answer = await api.protocols(batch.id);
  view.protocols = { batchId: batch.id, list: answer.protocols ?? [] };
  renderDay();
}

async function loadCourier() {
  const batch = view.batch;
  if (!batch) return;
  const answer = await api.courier(batch.id);
  view.courier = { batchId: batch.id, answer };
  renderDay();
}

/**
 * Runs an action with its button busy, showing any error. The button keeps
 * the keyboard's focus (it is marked busy and unavailable, never `disabled`,
 * which would drop the focus to the page) and a click meanwhile is ignored;
 * `busyText` says what it is doing.
 */
async function withButton(button, action, { busyText } = {}) {
  if (button.getAttribute("aria-busy") === "true") return;
  button.setAttribute("aria-busy", "true");
  button.setAttribute("aria-disabled", "true");
  if (busyText) button.textContent = busyText();
  try {
    await action();
  } catch (error) {
    showError(error);
  } finally {
    button.removeAttribute("aria-busy");
    button.removeAttribute("aria-disabled");
    if (busyText && button.dataset.i18n) button.textContent = t(button.dataset.i18n);
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
      withButton(button, () => placeSamples(store, 10), { busyText: () => t("store.sampleBusy") }),
    );
  }
  $("#sample-100").addEventListener("click", (event) =>
    withButton(event.currentTarget, () => placeSamples(null, 100), {
      busyText: () => t("store.sampleBusy"),
    }),
  );
  $("#label-format").addEventListener("change", (event) => {
    const format = event.currentTarget.value;
    if (!FORMATS.includes(format)) return;
    view.labelFormat = format;
    remember(FORMAT_KEY, format);
    renderDay();
  });
  $("#protocols").addEventListener("click", (event) =>
    withButton(event.currentTarget, loadProtocols),
  );
  $("#book-courier").addEventListener("click", (event) =>
    withButton(event.currentTarget, loadCourier),
  );
  $("#courier").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || !view.batch) return;
    const { store, service, booking } = button.dataset;
    const batchId = view.batch.id;
    if (button.dataset.action === "book") {
      const select = document.querySelector(
        `select[data-slot-for="${CSS.escape(`${store}:${service}`)}"]`,
      );
      const option = select?.selectedOptions?.[0];
      if (!option) return;
      withButton(button, async () => {
        await api.bookCourier(batchId, {
          store,
          service,
          date: option.dataset.date,
          from: option.dataset.from || null,
          to: option.dataset.to || null,
        });
        await loadCourier();
      });
    } else if (button.dataset.action === "cancel-pickup") {
      withButton(button, async () => {
        await api.cancelPickup(batchId, store, booking);
        await loadCourier();
      });
    }
  });
  $("#reckoning").addEventListener("click", (event) => {
    const button = event.target.closest('button[data-action="remedy"]');
    if (!button || !view.reckoning) return;
    const { store, packageId } = button.dataset;
    const day = view.reckoning.day;
    withButton(button, async () => {
      await api.applyRemedy(day, store, packageId);
      showMessage("success", () => escapeHtml(t("reckoning.cancelled", { packageId })), {
        topic: "remedy",
      });
      view.reckoning = await api.reckoning(day);
      renderReckoningView();
    });
  });
  $("#reckoning-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const day = $("#reckoning-day").value;
    withButton($("#reckoning-show"), async () => {
      view.reckoning = await api.reckoning(day);
      renderReckoningView();
    });
  });
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
        // The returns' tracking moved too.
        await Promise.all([refresh(), actions.reload()]);
      }),
    );
  }
  $("#refresh").addEventListener("click", (event) => withButton(event.currentTarget, refresh));
  $("#select-all").addEventListener("change", (event) => {
    const shippable = view.orders.filter(canShip).map(orderKey);
    if (event.currentTarget.checked) for (const key of shippable) view.selected.add(key);
    else view.selected.clear();
    view.shipKey = requestKey();
    view.ordersMarkup = "";
    renderOrders();
  });
  $("#orders-body").addEventListener("change", (event) => {
    const box = event.target.closest(".select-order");
    if (!box) return;
    if (box.checked) view.selected.add(box.dataset.key);
    else view.selected.delete(box.dataset.key);
    // Another selection is another batch.
    view.shipKey = requestKey();
    box.closest("tr")?.classList.toggle("is-selected", box.checked);
    renderSelection();
  });
  $("#orders-body").addEventListener("click", (event) => {
    const button = event.target.closest('button[data-action="ship"]');
    if (!button || button.getAttribute("aria-disabled") === "true") return;
    const [store, ...rest] = button.dataset.key.split(":");
    withButton(button, () => ship([{ store, id: rest.join(":") }], requestKey()));
  });
  $("#ship-selected").addEventListener("click", (event) => {
    const button = event.currentTarget;
    const orders = [...view.selected].map((key) => {
      const [store, ...rest] = key.split(":");
      return { store, id: rest.join(":") };
    });
    if (orders.length === 0 && !view.shipping) return;
    if (view.batch?.state === "running" && !view.shipping) return;
    const key = view.shipKey;
    withButton(button, async () => {
      await ship(orders, key);
      // The next selection is a new batch.
      if (view.shipKey === key) view.shipKey = requestKey();
    });
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

/** The batch that runs, else the latest one (its day's files stay at hand). */
async function resumeBatch() {
  const answer = await api.batches();
  const batches = answer.batches ?? [];
  const running = batches.find((batch) => batch.state === "running");
  if (running) await followBatch(running);
  else if (batches[0]) {
    view.batch = batches[0];
    renderBatch();
  }
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
