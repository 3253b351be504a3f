// The order actions panel: pick an order of either store, start its return
// once shipped (the store's own return flow buys the return parcel), or
// change its pickup point before it ships (a point near the order, checked
// at the service by the store; a refusal says why); the returns with their
// parcel, tracking and label; and, for a Shopify order, what the app's block
// on the order's page in the Shopify admin shows (from the app's extension
// API). The controller calls render() after each load; the returns are
// loaded on the first render, after an action, after a clock move (reload())
// and, while a return parcel is still being bought, on the next renders.
// A return's state is the server's `status`, in the orders' terms.
// Buttons are never `disabled` (that drops the keyboard's focus): an action
// not available is marked aria-disabled and says why.
import { ApiError } from "./api.js";
import { carrierName } from "./day-panel.js";
import { escapeHtml } from "./format.js";
import { POLAND_OUTLINE, project } from "./map.js";
import { canShip, STATUSES } from "./orders.js";

const SHIPPED = ["shipped", "in_transit", "delivered"];
const SVG = "http://www.w3.org/2000/svg";

/** The point as people read it: its name and address. */
function pointText(point) {
  if (!point) return "—";
  return [point.name ?? point.code, point.address].filter(Boolean).join(", ");
}

/**
 * Runs an action with its button busy, as the dashboard's other buttons do:
 * aria-busy and aria-disabled (never `disabled`, so the focus stays), and a
 * click meanwhile is ignored.
 */
async function busy(button, action) {
  if (button.getAttribute("aria-busy") === "true") return;
  button.setAttribute("aria-busy", "true");
  const wasOff = button.getAttribute("aria-disabled") === "true";
  button.setAttribute("aria-disabled", "true");
  try {
    await action();
  } finally {
    button.removeAttribute("aria-busy");
    if (!wasOff) button.removeAttribute("aria-disabled");
  }
}

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
    <select id="actions-order"></select>
  </div>
  <div class="actions-row">
    <button type="button" class="button button-secondary" id="actions-return" data-i18n="actions.return" aria-describedby="actions-why"></button>
    <button type="button" class="button button-secondary" id="actions-points" data-i18n="actions.points" aria-describedby="actions-why"></button>
    <button type="button" class="button button-secondary" id="actions-block" data-i18n="actions.block" aria-describedby="actions-why"></button>
  </div>
  <p id="actions-why" class="muted small actions-why"></p>
  <p id="actions-status" role="status" aria-live="polite"></p>
  <fieldset id="actions-point-list" hidden>
    <legend data-i18n="actions.choosePoint"></legend>
    <div class="actions-point-choice">
      <figure class="actions-map" hidden>
        <figcaption id="actions-map-title" class="muted small" data-i18n="actions.map"></figcaption>
      </figure>
      <ul class="actions-points"></ul>
    </div>
  </fieldset>
  <div id="actions-block-view" class="actions-block" hidden>
    <h3 id="actions-block-heading" tabindex="-1"></h3>
    <p data-i18n="actions.block.about"></p>
    <dl></dl>
  </div>
  <h3 id="actions-returns-heading" data-i18n="actions.returns"></h3>
  <div class="actions-scroll" role="region" aria-labelledby="actions-returns-heading" tabindex="0">
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

  /** Why an action is not available for the chosen order ("" when it is). */
  function why(order) {
    if (!order)
      return { return: "actions.why.pick", points: "actions.why.pick", block: "actions.why.pick" };
    const returned = returns.some((row) => row.store === order.store && row.orderId === order.id);
    return {
      return: returned
        ? "actions.why.returned"
        : SHIPPED.includes(order.status)
          ? ""
          : "actions.why.notShipped",
      points: !order.point ? "actions.why.noPoint" : canShip(order) ? "" : "actions.why.shipped",
      block: order.store === "shopify" ? "" : "actions.why.notShopify",
    };
  }

  function renderButtons() {
    const reasons = why(chosen());
    const texts = [];
    for (const [name, key] of Object.entries(reasons)) {
      const button = $(`#actions-${name}`);
      if (key) {
        button.setAttribute("aria-disabled", "true");
        if (!texts.includes(key)) texts.push(key);
      } else if (button.getAttribute("aria-busy") !== "true") {
        button.removeAttribute("aria-disabled");
      }
    }
    // One sentence per reason: what cannot be done for this order, and why.
    $("#actions-why").textContent = texts.map((key) => t(key)).join(" ");
  }

  const off = (button) => button.getAttribute("aria-disabled") === "true";

  /** The return's state in the dashboard's words for the orders' statuses. */
  const trackingText = (row) => t(`status.${row.status}`);

  function renderReturns() {
    $("#actions-returns-body").innerHTML =
      returns.length === 0
        ? `<tr><td colspan="5" class="muted">${escapeHtml(t("actions.noReturns"))}</td></tr>`
        : returns
            .map((row) => {
              const tracking = row.trackingNumber
                ? `<span class="mono">${escapeHtml(row.trackingNumber)}</span> · <span class="status status-${escapeHtml(STATUSES.includes(row.status) ? row.status : "shipped")}">${escapeHtml(trackingText(row))}</span>`
                : `<span class="muted">${escapeHtml(t("actions.noTracking"))}</span>`;
              const label = row.labelUrl
                ? `<a class="button button-small button-ghost" href="${escapeHtml(labelHref(row.labelUrl))}" download>${escapeHtml(
                    t("actions.label", { order: row.orderName }),
                  )}</a>`
                : `<span class="muted">${escapeHtml(t("actions.noLabel"))}</span>`;
              return `<tr data-return="${escapeHtml(`${row.store}|${row.orderId}`)}">
                <td><strong>${escapeHtml(row.orderName)}</strong></td>
                <td><span class="store-tag store-tag-${escapeHtml(row.store)}">${escapeHtml(t(`store.${row.store}`))}</span></td>
                <td>${row.packageId ? `<span class="mono">${escapeHtml(row.packageId)}</span>` : `<span class="muted">${escapeHtml(t("actions.noParcel"))}</span>`}</td>
                <td class="actions-tracking" data-state="${escapeHtml(row.trackingState ?? "")}" data-status="${escapeHtml(row.status ?? "")}">${tracking}</td>
                <td>${label}</td>
              </tr>`;
            })
            .join("");
  }

  /** Whether the panel offers something for the order: a return, or a new point. */
  function hasAction(order) {
    if (SHIPPED.includes(order.status))
      return !returns.some((row) => row.store === order.store && row.orderId === order.id);
    return Boolean(order.point) && canShip(order);
  }

  function renderOrders() {
    const select = $("#actions-order");
    // Never rebuilt under the keyboard or an open picker.
    if (document.activeElement === select) return renderButtons();
    const current = select.value;
    const options = orders
      .filter((order) => hasAction(order) || `${order.store}|${order.id}` === current)
      .map(
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

  let loaded = false;
  async function loadReturns() {
    returns = (await call(language(), "GET", "/api/returns")).returns ?? [];
    loaded = true;
    renderReturns();
    renderOrders();
  }

  /** The label's address in the panel's language: the file is named in it ("etykieta-zwrotu-1001.pdf"). */
  const labelHref = (url) =>
    `${url}${url.includes("?") ? "&" : "?"}lang=${encodeURIComponent(language())}`;

  /** Returns started here that the stores list only once their webhook or flow has run. */
  const awaited = new Set();
  /** A return whose parcel or label the store is still buying, or not listed yet. */
  function pending() {
    for (const row of returns) awaited.delete(`${row.store}|${row.orderId}`);
    return awaited.size > 0 || returns.some((row) => !row.labelUrl || !row.trackingNumber);
  }

  async function startReturn(button) {
    const order = chosen();
    if (!order || off(button)) return;
    await busy(button, async () => {
      say(t("actions.returning", { order: order.name }));
      try {
        await call(
          language(),
          "POST",
          `/api/orders/${order.store}/${encodeURIComponent(order.id)}/return`,
        );
        awaited.add(`${order.store}|${order.id}`);
        say(t("actions.returned", { order: order.name }), "success");
      } catch (error) {
        failed(error);
      }
      await loadReturns().catch(() => {});
    });
    renderButtons();
  }

  /** The points on a map of Poland zoomed to them; a dot chooses its point. */
  function drawMap(points, current) {
    const figure = $(".actions-map");
    for (const old of figure.querySelectorAll("svg")) old.remove();
    const located = points.filter(
      (point) => Number.isFinite(point.latitude) && Number.isFinite(point.longitude),
    );
    figure.hidden = located.length === 0;
    if (located.length === 0) return;
    const spots = located.map((point) => ({ point, ...project(point.longitude, point.latitude) }));
    const xs = spots.map((spot) => spot.x);
    const ys = spots.map((spot) => spot.y);
    // The same projection as the dashboard's map of Poland, zoomed to the points.
    const span = Math.max(
      Math.max(...xs) - Math.min(...xs),
      Math.max(...ys) - Math.min(...ys),
      0.6,
    );
    const pad = span * 0.3;
    const box = [
      Math.min(...xs) - pad,
      Math.min(...ys) - pad,
      Math.max(...xs) - Math.min(...xs) + 2 * pad,
      Math.max(...ys) - Math.min(...ys) + 2 * pad,
    ];
    const outline = POLAND_OUTLINE.map(([lon, lat]) => {
      const { x, y } = project(lon, lat);
      return `${x},${y}`;
    }).join(" ");
    const radius = span * 0.06;
    const dots = spots
      .map(({ point, x, y }, index) => {
        const name = t("actions.onMap", { number: index + 1, point: pointText(point) });
        return `<g class="actions-point-dot" role="button" tabindex="0" data-code="${escapeHtml(point.code)}" aria-label="${escapeHtml(name)}"${point.code === current ? ' aria-current="true"' : ""}>
  <title>${escapeHtml(pointText(point))}</title>
  <circle cx="${x}" cy="${y}" r="${radius.toFixed(3)}"></circle>
  <text x="${x}" y="${(y + radius * 0.4).toFixed(3)}" text-anchor="middle" font-size="${(radius * 1.1).toFixed(3)}">${index + 1}</text>
</g>`;
      })
      .join("");
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", box.map((n) => n.toFixed(3)).join(" "));
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-labelledby", "actions-map-title");
    svg.innerHTML = `<polygon class="map-country" points="${outline}"></polygon>${dots}`;
    figure.prepend(svg);
  }

  let shownPoints = [];
  async function showPoints(button) {
    const order = chosen();
    if (!order || off(button)) return;
    const list = $("#actions-point-list");
    await busy(button, async () => {
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
        shownPoints = answer.points;
        const located = answer.points.filter(
          (point) => Number.isFinite(point.latitude) && Number.isFinite(point.longitude),
        );
        list.querySelector("ul").innerHTML = answer.points
          .map((point) => {
            const number = located.indexOf(point) + 1;
            return `<li><button type="button" class="button button-small button-ghost actions-point" data-code="${escapeHtml(point.code)}"${
              point.code === answer.point ? ' aria-current="true"' : ""
            }>${number > 0 ? `<span class="actions-point-number" aria-hidden="true">${number}</span> ` : ""}${escapeHtml(point.name)}</button> <span class="muted small">${escapeHtml(point.address)}</span></li>`;
          })
          .join("");
        drawMap(answer.points, answer.point);
        list.hidden = false;
        const current = answer.points.find((point) => point.code === answer.point);
        say(
          t("actions.current", {
            order: order.name,
            point: current ? pointText(current) : (answer.point ?? "—"),
          }),
        );
        list.querySelector("button")?.focus();
      } catch (error) {
        failed(error);
      }
    });
  }

  async function choosePoint(control) {
    const order = chosen();
    if (!order || off(control)) return;
    const code = control.dataset.code;
    const point = shownPoints.find((candidate) => candidate.code === code) ?? { code };
    await busy(control, async () => {
      say(t("actions.checking", { point: pointText(point) }));
      try {
        const answer = await call(
          language(),
          "POST",
          `/api/orders/${order.store}/${encodeURIComponent(order.id)}/pickup-point`,
          { code },
        );
        const now = shownPoints.find((candidate) => candidate.code === answer.point) ?? {
          code: answer.point,
        };
        say(t("actions.changed", { order: order.name, point: pointText(now) }), "success");
        // The focus goes back to the button that opened the list, never to the page.
        $("#actions-points").focus();
        $("#actions-point-list").hidden = true;
        await refresh();
      } catch (error) {
        failed(error);
      }
    });
  }

  async function showBlock(button) {
    const order = chosen();
    if (order?.store !== "shopify" || off(button)) return;
    await busy(button, async () => {
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
        const status = STATUSES.includes(card.status)
          ? t(`status.${card.status}`)
          : t(`actions.block.status.${card.status}`);
        const rows = [
          ["status", escapeHtml(status)],
          [
            "service",
            escapeHtml(card.service ? carrierName(card.service, card.serviceName) : none),
          ],
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
    });
  }

  $("#actions-block").addEventListener("click", (event) => showBlock(event.currentTarget));
  $("#actions-order").addEventListener("change", () => {
    $("#actions-block-view").hidden = true;
    $("#actions-point-list").hidden = true;
    renderButtons();
  });
  $("#actions-order").addEventListener("blur", () => renderOrders());
  $("#actions-return").addEventListener("click", (event) => startReturn(event.currentTarget));
  $("#actions-points").addEventListener("click", (event) => showPoints(event.currentTarget));
  section.addEventListener("click", (event) => {
    const control = event.target.closest?.(".actions-point, .actions-point-dot");
    if (control) choosePoint(control);
  });
  section.addEventListener("keydown", (event) => {
    const dot = event.target.closest?.(".actions-point-dot");
    if (dot && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      choosePoint(dot);
    }
  });

  return {
    /** Shows the orders as just loaded (texts in the language shown); the returns when due. */
    render(loadedOrders) {
      orders = loadedOrders;
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
      renderReturns();
      renderOrders();
      // Returns are read again only while one is still being bought.
      if (!loaded || pending()) return loadReturns().catch(() => {});
      return Promise.resolve();
    },
    /** Reads the returns again (after the service's clock moved). */
    reload() {
      return loadReturns().catch(() => {});
    },
  };
}
