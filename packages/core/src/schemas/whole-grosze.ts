// Whole grosze: an amount in złoty with at most two decimal places. Amounts
// arrive as JSON numbers, that is as binary floating point, where 19.99 * 100
// is 1998.9999999999998 and 0.1 + 0.2 is 0.30000000000000004. So the amount in
// grosze is compared with the nearest whole number within a margin far below
// one grosz (a millionth of a grosz), never exactly: 19.99 and 0.1 + 0.2 are
// whole grosze, 19.991 is not. What is accepted is then sent rounded to the
// grosz (roundToGrosze), so floating-point noise never reaches the service.

const MARGIN = 1e-6;

/** True for a finite amount with at most two decimal places (19.99, 0.29, 1.15, 4.35, 100). */
export function isWholeGrosze(amount: number): boolean {
  if (!Number.isFinite(amount)) return false;
  const grosze = amount * 100;
  return Math.abs(grosze - Math.round(grosze)) < MARGIN * Math.max(1, Math.abs(grosze) / 1e7);
}

/** The amount in grosze (19.99 → 1999), for an amount that has whole grosze. */
export function toGrosze(amount: number): number {
  return Math.round(amount * 100);
}

/** The amount rounded to the grosz (0.1 + 0.2 → 0.3), for an amount that has whole grosze. */
export function roundToGrosze(amount: number): number {
  return toGrosze(amount) / 100;
}
