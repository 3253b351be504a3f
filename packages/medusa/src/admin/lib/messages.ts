// Every text the plugin's admin screens show, in English and Polish.
import type { AdminLanguage } from "./admin-language.ts";

const en = {
  shippingTitle: "Shipping",
  shippingIntro: "Orders waiting for a parcel. Ship the selected ones as one batch.",
  loading: "Loading…",
  loadFailed: "Could not load:",
  noneWaiting: "No order is waiting for a parcel.",
  selectAll: "Select all",
  order: "Order",
  shipSelected: (count: number) => `Ship selected (${count})`,
  batchRunning: "Shipping…",
  batchDone: "Batch done",
  progress: (done: number, total: number, failed: number) =>
    `${done} of ${total} shipped${failed > 0 ? `, ${failed} failed` : ""}`,
  timeLeft: (seconds: number) => `about ${seconds} s left`,
  failures: "Not shipped",
  labels: "Labels (one file)",
  protocol: "Handover protocol",
  bookCourier: "Book the courier",
  courierSlots: "When the courier can come",
  book: (service: string, date: string, from: string, to: string) =>
    `Book ${service}: ${date} ${from}–${to}`,
  booked: (service: string, number: string) => `${service} courier booked: ${number}`,
  noPickupNeeded: (service: string) => `${service}: handed in at a point, no courier needed`,
  shipmentsTitle: "Furgonetka shipments",
  shipmentsFailed: "The shipments could not be loaded.",
  noShipments: "No shipments yet.",
  returnParcel: "return",
  label: "Label (PDF)",
  connect: "Connect",
  reconnect: "Reconnect",
  connectFixed: (action: string) => `${action}: check the plugin options`,
  connectAccount: "Connect the account",
  reconnectAccount: "Reconnect the account",
  status: {
    ordered: "ordered",
    in_transit: "in transit",
    delivered: "delivered",
    cancelled: "cancelled",
  } as Record<string, string>,
  pickupPoint: "Pickup point",
  changePoint: "Change pickup point",
  newPoint: "New point code",
  save: "Save",
  cancel: "Cancel",
  pointChanged: (code: string) => `Pickup point changed to ${code}`,
};

const pl: typeof en = {
  shippingTitle: "Wysyłka",
  shippingIntro: "Zamówienia czekające na paczkę. Wyślij zaznaczone jedną partią.",
  loading: "Wczytywanie…",
  loadFailed: "Nie udało się wczytać:",
  noneWaiting: "Żadne zamówienie nie czeka na paczkę.",
  selectAll: "Zaznacz wszystkie",
  order: "Zamówienie",
  shipSelected: (count: number) => `Wyślij zaznaczone (${count})`,
  batchRunning: "Wysyłanie…",
  batchDone: "Partia gotowa",
  progress: (done: number, total: number, failed: number) =>
    `Wysłano ${done} z ${total}${failed > 0 ? `, nieudane: ${failed}` : ""}`,
  timeLeft: (seconds: number) => `zostało około ${seconds} s`,
  failures: "Niewysłane",
  labels: "Etykiety (jeden plik)",
  protocol: "Protokół przekazania",
  bookCourier: "Zamów kuriera",
  courierSlots: "Kiedy kurier może przyjechać",
  book: (service: string, date: string, from: string, to: string) =>
    `Zamów ${service}: ${date} ${from}–${to}`,
  booked: (service: string, number: string) => `Kurier ${service} zamówiony: ${number}`,
  noPickupNeeded: (service: string) => `${service}: nadanie w punkcie, kurier niepotrzebny`,
  shipmentsTitle: "Przesyłki Furgonetka",
  shipmentsFailed: "Nie udało się wczytać przesyłek.",
  noShipments: "Brak przesyłek.",
  returnParcel: "zwrot",
  label: "Etykieta (PDF)",
  connect: "Połącz",
  reconnect: "Połącz ponownie",
  connectFixed: (action: string) => `${action}: sprawdź ustawienia wtyczki`,
  connectAccount: "Połącz konto",
  reconnectAccount: "Połącz konto ponownie",
  status: {
    ordered: "zamówiona",
    in_transit: "w drodze",
    delivered: "doręczona",
    cancelled: "anulowana",
  },
  pickupPoint: "Punkt odbioru",
  changePoint: "Zmień punkt odbioru",
  newPoint: "Kod nowego punktu",
  save: "Zapisz",
  cancel: "Anuluj",
  pointChanged: (code: string) => `Punkt odbioru zmieniony na ${code}`,
};

export type Messages = typeof en;

export function messagesFor(language: AdminLanguage): Messages {
  return language === "pl" ? pl : en;
}
