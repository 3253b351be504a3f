// How a batch reads on the dashboard: the text of its line and its tone. A
// batch with failures is never shown as a success: it names how many failed,
// in the warning tone (the error tone when nothing shipped at all).

/**
 * `batch`: `{ state, total, done, failed }` from the API. Answers `{ key,
 * values, tone }`: the text's key and values, and one of "info" (running),
 * "success", "warning", "error".
 */
export function batchBanner(batch) {
  const values = { done: batch.done, total: batch.total, failed: batch.failed };
  const finished = batch.state === "finished";
  if (batch.failed > 0) {
    return {
      key: finished ? "batch.finishedFailed" : "batch.progressFailed",
      values,
      tone: finished && batch.done === 0 ? "error" : "warning",
    };
  }
  return {
    key: finished ? "batch.finished" : "batch.progress",
    values,
    tone: finished ? "success" : "info",
  };
}
