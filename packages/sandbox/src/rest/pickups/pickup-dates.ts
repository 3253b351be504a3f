// When a courier can come for ordered packages, by the sandbox clock in
// Polish time (Europe/Warsaw): the next 5 working days (Monday to Friday),
// today included when asked before 13:00. The courier comes between 10:00 and
// 16:00; today's window starts no earlier than 2 hours from now, on the hour.
// warsawInstant turns a chosen day and time back into an instant (when a
// pickup's window starts, after which it cannot be cancelled).
import type { Language } from "@shipbridge/core";
import type { PickupWindow } from "../storage/stored-package.ts";

export const PROPOSAL_DAYS = 5;
export const SAME_DAY_CUTOFF_HOUR = 13;
export const WINDOW_START = "10:00";
export const WINDOW_END = "16:00";

export interface PickupDateProposal extends PickupWindow {
  readonly info: string;
}

const WARSAW = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Warsaw",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The calendar day and hour in Warsaw at `ms`. */
export function warsawTime(ms: number): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
} {
  const parts = Object.fromEntries(
    WARSAW.formatToParts(new Date(ms)).map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** The instant (sandbox-clock ms) of a day ("YYYY-MM-DD") and time ("HH:MM") in Warsaw. */
export function warsawInstant(date: string, time: string): number {
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const wall = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0);
  // Warsaw's offset from UTC at an instant: its wall clock there minus the instant.
  const offsetAt = (ms: number): number => {
    const local = warsawTime(ms);
    const toTheMinute = Math.floor(ms / 60_000) * 60_000;
    return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute) - toTheMinute;
  };
  const guess = wall - offsetAt(wall);
  return wall - offsetAt(guess);
}

const pad = (n: number) => String(n).padStart(2, "0");

export function pickupDateProposals(now: number, language: Language): PickupDateProposal[] {
  const local = warsawTime(now);
  const proposals: PickupDateProposal[] = [];
  const sameDay = local.hour < SAME_DAY_CUTOFF_HOUR;
  for (let offset = sameDay ? 0 : 1; proposals.length < PROPOSAL_DAYS; offset++) {
    const day = new Date(Date.UTC(local.year, local.month - 1, local.day + offset));
    const weekday = day.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const date = day.toISOString().slice(0, 10);
    const today = offset === 0;
    const earliest = today
      ? `${pad(Math.min(15, Math.max(10, local.hour + 2 + (local.minute > 0 ? 1 : 0))))}:00`
      : WINDOW_START;
    proposals.push({
      date,
      min_time: earliest,
      max_time: WINDOW_END,
      info: today
        ? language === "pl_PL"
          ? `Odbiór dziś: kurier przyjedzie między ${earliest} a ${WINDOW_END}. Odbiory na dziś przyjmujemy do ${SAME_DAY_CUTOFF_HOUR}:00.`
          : `Pickup today: the courier comes between ${earliest} and ${WINDOW_END}. Same-day pickups are taken until ${SAME_DAY_CUTOFF_HOUR}:00.`
        : language === "pl_PL"
          ? `Kurier przyjedzie między ${WINDOW_START} a ${WINDOW_END}.`
          : `The courier comes between ${WINDOW_START} and ${WINDOW_END}.`,
    });
  }
  return proposals;
}
