// How time moves an asynchronous command (ordering, cancelling, a pickup or
// documents) by the sandbox clock: `queueing` for the first 2 s after it was
// accepted, `running` until 5 s, then its final status. The final status follows from the
// per-package outcomes, which are decided when the command is accepted:
// every package ok → `successful`, some → `partial_success`, none → `error`.
export const QUEUEING_MS = 2_000;
export const COMMAND_DURATION_MS = 5_000;

export type CommandStatus = "queueing" | "running" | "successful" | "partial_success" | "error";

export function finalStatus(
  okCount: number,
  total: number,
): "successful" | "partial_success" | "error" {
  if (total > 0 && okCount === total) return "successful";
  if (okCount > 0) return "partial_success";
  return "error";
}

export function commandStatus(
  createdAt: number,
  now: number,
  okCount: number,
  total: number,
): CommandStatus {
  const elapsed = now - createdAt;
  if (elapsed < QUEUEING_MS) return "queueing";
  if (elapsed < COMMAND_DURATION_MS) return "running";
  return finalStatus(okCount, total);
}

/** The instant the command's effects are complete (packages ordered, cancelled, picked up or documented). */
export function commandCompletesAt(createdAt: number): number {
  return createdAt + COMMAND_DURATION_MS;
}
