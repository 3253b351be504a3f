// The order actions panel: pick an order of either store, start its return
// once shipped (the store's own return flow buys the return parcel), or
// change its pickup point before it ships (a point near the order, checked
// at the service by the store; a refusal says why); the returns with their
// parcel, tracking and label; and, for a Shopify order, what the app's block
// on the order's page in the Shopify admin shows (from the app's extension
// API). The controller calls render() after each load.
import { ApiError } from "./api.js";
import { carrierName } from "./day-panel.js";
import { escapeHtml } from "./format.js";

const SHIPPED = ["shipped", "in_transit", "delivered"];
const IN_TRANSIT = [
  "collected",
  "in-transit",
  "in_transit",
  "out-for-delivery",
  "out_for_delivery",
  "sent",
];

async function call(language, method, path, body) {
  const url = new URL(path, window.location.origin);
  url.searchParams.set("lang", language);
  const response = await fetch(url, {
    method,
    headers: {
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, parsed);
  return parsed;
}

const PANEL = `
  <h2 id="actions-heading" data-i18n="actions.heading"></h2>
  <p data-i18n="actions.hint"></p>
  <div class="actions-row">
    <label for="actions-order" data-i18n="actions.order"></label>
    <select id="actions-order" style="max-width: 100%"></select>
  </div>
  <div class="actions-row">
    <button type="button" class="button button-secondary" id="actions-return" data-i18n="actions.return"></button>
    <button type="button" class="button button-secondary" id="actions-points" data-i18n="actions.points"></button>
    <button type="button" class="button button-secondary" id="actions-block" data-i18n="actions.block"></button>
  </div>
  <p id="actions-status" role="status" aria-live="polite"></p>
  <fieldset id="actions-point-list" hidden>
    <legend data-i18n="actions.choosePoint"></legend>
    <ul class="actions-points"></ul>
  </fieldset>
  <div id="actions-block-view" class="actions-block" hidden>
    <h3 id="actions-block-heading" tabindex="-1"></h3>
    <p data-i18n="actions.block.about"></p>
    <dl></dl>
  </div>
  <h3 id="actions-returns-heading" data-i18n="actions.returns"></h3>
  <div class="actions-scroll" style="overflow-x: auto" role="region" aria-labelledby="actions-returns-heading" tabindex="0">
    <table class="actions-returns">
      <thead><tr>
        <th scope="col" data-i18n="actions.col.order"></th>
        <th scope="col" data-i18n="actions.col.store"></th>
        <th scope="col" data-i18n="actions.col.parcel"></th>
        <th scope="col" data-i18n="actions.col.tracking"></th>
        <th scope="col" data-i18n="actions.col.label"></th>
      </tr></thead>
      <tbody id="actions-returns-body"></tbody>
    </table>
  </div>`;

/** Mounts the panel after the orders card; `t` translates, `language()` is the one shown. */
export function orderActionsPanel({ t, language, refresh }) {
  const section = document.createElement("section");
  section.className = "card order-actions";
  section.id = "order-actions";
  section.setAttribute("aria-labelledby", "actions-heading");
  section.innerHTML = PANEL;
  const after = document.querySelector(".orders-card") ?? document.querySelector("main")?.lastChild;
  after?.after(section);
  const $ = (selector) => section.querySelector(selector);
  let orders = [];
  let returns = [];
  let shown = language();

  const chosen = () => {
    const [store, id] = ($("#actions-order").value || "|").split("|");
    return orders.find((order) => order.store === store && order.id === id);
  };

  /** Says how an action went; `where` (the fields and rules) on hover and for screen readers. */
  function say(text, kind = "info", where = "") {
    const box = $("#actions-status");
    box.dataset.kind = kind;
    if (where) box.title = where;
    else box.removeAttribute("title");
    box.innerHTML = `<span class="actions-message">${escapeHtml(text)}</span>${
      where ? `<span class="visually-hidden"> ${escapeHtml(where)}</span>` : ""
    }`;
  }

  function failed(error) {
    const issues = error instanceof ApiError ? error.issues : [];
    const reasons = issues
      .map((issue) => issue.message)
      .filter((m) => m !== error.message && !m.startsWith("pickup_point "));
    say(
      t("actions.refused", { message: [error.message, ...reasons].join(" ") }),
      "error",
      issues.map((issue) => `${issue.path} (${issue.rule})`).join("; "),
    );
  }

  function renderButtons() {
    const order = chosen();
    $("#actions-block").disabled = order?.store !== "shopify";
    $("#actions-return").disabled =
      !order ||
      !SHIPPED.includes(order.status) ||
      returns.some((row) => row.store === order.store && row.orderId === order.id);
    $("#actions-points").disabled =
      !order?.point || !["waiting", "needs_attention"].includes(order.status);
  }

  function trackingText(state) {
    if (state === "delivered") return t("status.delivered");
    if (IN_TRANSIT.includes(state)) return t("status.in_transit");
    return t("actions.sent");
  }

  function renderReturns() {
    $("#actions-returns-body").innerHTML =
      returns.length === 0
        ? `<tr><td colspan="5">${escapeHtml(t("actions.noReturns"))}</td></tr>`
        : returns
            .map((row) => {
              const tracking = row.trackingNumber
                ? `${escapeHtml(row.trackingNumber)} · ${escapeHtml(trackingText(row.trackingState))}`
                : escapeHtml(t("actions.noTracking"));
              const label = row.labelUrl
                ? `<a href="${escapeHtml(row.labelUrl)}" download>${escapeHtml(
                    t("actions.label", { order: row.orderName }),
                  )}</a>`
                : escapeHtml(t("actions.noLabel"));
              return `<tr data-return="${escapeHtml(`${row.store}|${row.orderId}`)}">
                <td>${escapeHtml(row.orderName)}</td>
                <td>${escapeHtml(t(`store.${row.store}`))}</td>
                <td>${escapeHtml(row.packageId ?? t("actions.noParcel"))}</td>
                <td class="actions-tracking" data-state="${escapeHtml(row.trackingState ?? "")}">${tracking}</td>
                <td>${label}</td>
              </tr>`;
            })
            .join("");
  }

  function renderOrders() {
    const select = $("#actions-order");
    const current = select.value;
    const options = orders.map(
      (order) =>
        `<option value="${escapeHtml(`${order.store}|${order.id}`)}">${escapeHtml(
          `${order.name} · ${t(`store.${order.store}`)} · ${t(`status.${order.status}`)}`,
        )}</option>`,
    );
    const markup = `<option value="">${escapeHtml(t("actions.pick"))}</option>${options.join("")}`;
    if (select.dataset.markup !== markup) {
      select.innerHTML = markup;
      select.dataset.markup = markup;
      select.value = current;
    }
    renderButtons();
  }

  async function loadReturns() {
    returns = (await call(language(), "GET", "/api/returns")).returns ?? [];
    renderReturns();
    renderButtons();
  }

  async function startReturn() {
    const order = chosen();
    if (!order) return;
    say(t("actions.returning", { order: order.name }));
    try {
      await call(
        language(),
        "POST",
        `/api/orders/${order.store}/${encodeURIComponent(order.id)}/return`,
      );
      say(t("actions.returned", { order: order.name }), "success");
      await loadReturns();
    } catch (error) {
      failed(error);
    }
  }

  async function showPoints() {
    const order = chosen();
    if (!order) return;
    const list = $("#actions-point-list");
    try {
      const answer = await call(
        language(),
        "GET",
        `/api/orders/${order.store}/${encodeURIComponent(order.id)}/pickup-point`,
      );
      if (!answer.changeable) {
        list.hidden = true;
        say(t("actions.notChangeable", { order: order.name }), "error");
        return;
      }
      list.querySelector("ul").innerHTML = answer.points
        .map(
          (point) =>
            `<li><button type="button" class="button button-small button-ghost actions-point" data-code="${escapeHtml(point.code)}"${
              point.code === answer.point ? ' aria-current="true"' : ""
            }>${escapeHtml(point.name)}</button> <span>${escapeHtml(point.address)} (${escapeHtml(point.code)})</span></li>`,
        )
        .join("");
      list.hidden = false;
      say(t("actions.current", { order: order.name, point: answer.point ?? "—" }));
      list.querySelector("button")?.focus();
    } catch (error) {
      failed(error);
    }
  }

  async function choosePoint(code) {
    const order = chosen();
    if (!order) return;
    say(t("actions.checking", { point: code }));
    try {
      const answer = await call(
        language(),
        "POST",
        `/api/orders/${order.store}/${encodeURIComponent(order.id)}/pickup-point`,
        { code },
      );
      say(t("actions.changed", { order: order.name, point: answer.point }), "success");
      $("#actions-point-list").hidden = true;
      $("#actions-points").focus();
      await refresh();
    } catch (error) {
      failed(error);
    }
  }

  async function showBlock() {
    const order = chosen();
    if (order?.store !== "shopify") return;
    try {
      const { order: card } = await call(
        language(),
        "GET",
        `/api/orders/shopify/${encodeURIComponent(order.id)}/admin-block`,
      );
      const none = t("actions.block.none");
      const buttons = ["ship", "retry", "changePoint"]
        .filter((name) => card.actions?.[name])
        .map((name) => t(`actions.block.button.${name}`));
      const rows = [
        ["status", escapeHtml(t(`actions.block.status.${card.status}`))],
        ["service", escapeHtml(card.service ? carrierName(card.service, card.serviceName) : none)],
        ["point", escapeHtml(card.pickupPoint ?? none)],
        ["tracking", escapeHtml(card.trackingNumber ?? none)],
        [
          "label",
          card.labelUrl
            ? `<a href="${escapeHtml(card.labelUrl)}" target="_blank" rel="noopener">${escapeHtml(t("actions.block.print"))}</a>`
            : escapeHtml(none),
        ],
        ["buttons", escapeHtml(buttons.join(", ") || none)],
      ];
      const view = $("#actions-block-view");
      view.querySelector("h3").textContent = t("actions.block.heading", { order: order.name });
      view.querySelector("dl").innerHTML = rows
        .map(
          ([key, value]) =>
            `<dt>${escapeHtml(t(`actions.block.${key}`))}</dt><dd data-field="${key}">${value}</dd>`,
        )
        .join("");
      view.hidden = false;
      view.querySelector("h3").focus();
    } catch (error) {
      failed(error);
    }
  }

  $("#actions-block").addEventListener("click", showBlock);
  $("#actions-order").addEventListener("change", () => {
    $("#actions-block-view").hidden = true;
    $("#actions-point-list").hidden = true;
    renderButtons();
  });
  $("#actions-return").addEventListener("click", startReturn);
  $("#actions-points").addEventListener("click", showPoints);
  section.addEventListener("click", (event) => {
    const button = event.target.closest?.(".actions-point");
    if (button) choosePoint(button.dataset.code);
  });

  return {
    /** Shows the orders and the returns as just loaded (texts in the language shown). */
    render(loaded) {
      orders = loaded;
      if (shown !== language()) {
        // What the server answered in the other language goes; the rest is drawn again.
        shown = language();
        $("#actions-status").textContent = "";
        $("#actions-status").removeAttribute("title");
        $("#actions-block-view").hidden = true;
        $("#actions-point-list").hidden = true;
      }
      for (const element of section.querySelectorAll("[data-i18n]")) {
        element.textContent = t(element.dataset.i18n);
      }
      renderOrders();
      return loadReturns().catch(() => {});
    },
  };
}
