// How a batch reads on the dashboard: the text of its line and its tone, the
// time left, and each store's part. A batch with failures is never shown as
// a success: it names how many failed, in the warning tone (the error tone
// when nothing shipped at all). Orders its stores left out (shipped or
// cancelled already) are named too; a batch that shipped none of its
// orders is no success either.

/**
 * `batch`: `{ state, total, done, failed, skipped }` from the API. Answers `{ key,
 * values, tone }`: the text's key and values, and one of "info" (running),
 * "success", "warning", "error".
 */
export function batchBanner(batch) {
  const values = {
    done: batch.done,
    total: batch.total,
    failed: batch.failed,
    skipped: batch.skipped ?? 0,
  };
  const finished = batch.state === "finished";
  if (batch.failed > 0) {
    return {
      key: finished ? "batch.finishedFailed" : "batch.progressFailed",
      values,
      tone: finished && batch.done === 0 ? "error" : "warning",
    };
  }
  if (finished && values.skipped > 0) {
    return {
      key: "batch.finishedSkipped",
      values,
      tone: batch.done > 0 ? "success" : "warning",
    };
  }
  return {
    key: finished ? "batch.finished" : "batch.progress",
    values,
    tone: finished ? "success" : "info",
  };
}

/** The time left as a text's key and values: seconds, or minutes and seconds. */
export function timeLeft(ms) {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) {
    return { key: "batch.etaUnknown", values: {} };
  }
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return { key: "batch.etaSeconds", values: { seconds } };
  return {
    key: "batch.etaMinutes",
    values: { minutes: Math.floor(seconds / 60), seconds: seconds % 60 },
  };
}

/** Each store's part of the batch as a line's key and values. */
export function partLines(batch) {
  return (batch.parts ?? []).flatMap((part) => {
    const values = {
      store: part.store,
      done: part.done,
      total: part.total,
      failed: part.failed,
      skipped: part.skipped,
    };
    const lines = [{ key: part.failed > 0 ? "batch.storeFailed" : "batch.store", values }];
    if (part.skipped > 0) lines.push({ key: "batch.storeSkipped", values });
    return lines;
  });
}
