// The shipping day of a batch: its labels (one file per store, in the format
// chosen), its handover protocols (one per carrier and store), and its
// courier (the slots each carrier proposes, the booking and its
// cancellation; parcels handed in at lockers or points need none). Markup
// only: the controller wires the buttons.
import { escapeHtml, formatDay } from "./format.js";

const FORMAT_EXTENSIONS = { a6: "pdf", a4: "pdf", zpl: "zpl" };

/**
 * The carrier's name as people read it: the name the API gives beside the
 * code (core's one list of carriers), else the code itself.
 */
export function carrierName(service, name) {
  return name || service;
}

/** One "Print labels" link per store that has shipped something in the batch. */
export function labelLinks(batch, format, t, language = "en") {
  const parts = (batch?.parts ?? []).filter((part) => part.done > 0);
  if (parts.length === 0) return `<p class="muted small">${escapeHtml(t("day.labelsNone"))}</p>`;
  const extension = FORMAT_EXTENSIONS[format] ?? "pdf";
  return parts
    .map((part) => {
      const href = `/api/batches/${encodeURIComponent(batch.id)}/labels/${encodeURIComponent(part.store)}?format=${encodeURIComponent(format)}&lang=${encodeURIComponent(language)}`;
      return `<a class="button" data-action="labels" data-store="${escapeHtml(part.store)}" data-count="${part.done}" href="${escapeHtml(href)}" download data-extension="${extension}">${escapeHtml(t("day.printLabels", { store: t(`store.${part.store}`), count: part.done }))}</a>`;
    })
    .join("");
}

/** One link per protocol: `{ store, service, url }`. */
export function protocolLinks(protocols, t, language = "en") {
  if (!protocols?.length) return `<p class="muted small">${escapeHtml(t("day.protocolsNone"))}</p>`;
  return protocols
    .map(
      (protocol) =>
        `<a class="button button-secondary" data-action="protocol" data-store="${escapeHtml(protocol.store)}" data-service="${escapeHtml(protocol.service)}" href="${escapeHtml(`${protocol.url}?lang=${encodeURIComponent(language)}`)}" download>${escapeHtml(t("day.protocol", { carrier: carrierName(protocol.service, protocol.serviceName), store: t(`store.${protocol.store}`) }))}</a>`,
    )
    .join("");
}

/** A slot as one line: its day and window. */
export function slotText(slot, language, t) {
  return t("day.slotOption", {
    date: formatDay(slot.date, language),
    from: slot.from ?? "",
    to: slot.to ?? "",
  })
    .replace(/, –$/, "")
    .trim();
}

/**
 * The courier of the batch, `{ stores: [{ store, carriers, noPickupNeeded }] }`
 * from the API: per carrier its bookings (each with a cancel button) and,
 * for its parcels no booking covers yet, the slots to choose from (with a
 * book button).
 */
export function courierMarkup(courier, language, t) {
  const blocks = [];
  for (const entry of courier?.stores ?? []) {
    const store = t(`store.${entry.store}`);
    for (const carrier of entry.carriers ?? []) {
      const name = carrierName(carrier.service, carrier.serviceName);
      const key = `${entry.store}:${carrier.service}`;
      const live = (carrier.bookings ?? []).filter((booking) => !booking.cancelled);
      const lines = live.map((booking) => {
        const number = booking.pickupNumber
          ? ` ${escapeHtml(t("day.pickupNumber", { number: booking.pickupNumber }))}`
          : "";
        return `<p class="courier-booking" data-booking="${escapeHtml(booking.id)}">${escapeHtml(t("day.booked", { carrier: name, store, slot: slotText(booking.slot, language, t) }))}${number} <button type="button" class="button button-small button-secondary" data-action="cancel-pickup" data-store="${escapeHtml(entry.store)}" data-service="${escapeHtml(carrier.service)}" data-booking="${escapeHtml(booking.id)}">${escapeHtml(t("day.cancelPickup"))}</button></p>`;
      });
      const open = carrier.open ?? [];
      if (open.length > 0 && !carrier.slots?.length) {
        lines.push(`<p>${escapeHtml(t("day.noSlots", { carrier: name, store }))}</p>`);
      } else if (open.length > 0) {
        const id = `slot-${entry.store}-${carrier.service}`.replace(/[^\w-]/g, "_");
        const options = carrier.slots
          .map(
            (slot, index) =>
              `<option value="${index}" data-date="${escapeHtml(slot.date)}" data-from="${escapeHtml(slot.from ?? "")}" data-to="${escapeHtml(slot.to ?? "")}">${escapeHtml(slotText(slot, language, t))}</option>`,
          )
          .join("");
        lines.push(
          `<label for="${id}">${escapeHtml(t("day.slot", { carrier: name, store, count: open.length }))}</label><span class="courier-choice"><select id="${id}" data-slot-for="${escapeHtml(key)}">${options}</select><button type="button" class="button button-small" data-action="book" data-store="${escapeHtml(entry.store)}" data-service="${escapeHtml(carrier.service)}">${escapeHtml(t("day.book"))}</button></span>`,
        );
      }
      if (lines.length === 0) continue;
      blocks.push(
        `<div class="courier-carrier" data-key="${escapeHtml(key)}" data-booked="${live.length > 0}">${lines.join("")}</div>`,
      );
    }
    if (entry.noPickupNeeded?.length) {
      blocks.push(
        `<p class="muted small" data-no-pickup="${escapeHtml(entry.store)}">${escapeHtml(t("day.noPickup", { store, count: entry.noPickupNeeded.length }))}</p>`,
      );
    }
  }
  if (blocks.length === 0) return `<p class="muted small">${escapeHtml(t("day.courierNone"))}</p>`;
  return blocks.join("");
}
