// One shipping-day batch on the shipping page: its progress while it runs
// (polled from the batch route), the orders it could not ship and why, and
// once done its labels as one file, its handover protocols and the courier's
// booking for each carrier.
import { Button, Container, Heading, Text } from "@medusajs/ui";
import { useEffect, useRef, useState } from "react";
import { adminJson, adminRequest, saveFile } from "../lib/admin-fetch.ts";
import type { Messages } from "../lib/messages.ts";

const POLL_MS = 1_000;

interface BatchAnswer {
  id: string;
  state: "queued" | "running" | "done";
  total: number;
  fulfilled: number;
  failed: number;
  remaining_ms: number | null;
  failures: { order_id: string; message: string }[];
}

interface PickupAnswer {
  carriers: { service: string; dates: { date: string; min_time: string; max_time: string }[] }[];
  no_pickup_needed: { service: string }[];
}

interface Protocols {
  protocols: { service: string; filename: string; content_type: string; body_base64: string }[];
}

export interface BatchPanelProps {
  batchId: string;
  text: Messages;
  onDone: () => void;
}

function fromBase64(body: string, type: string): Blob {
  const bytes = Uint8Array.from(atob(body), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type });
}

export function BatchPanel({ batchId, text, onDone }: BatchPanelProps) {
  const [batch, setBatch] = useState<BatchAnswer | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | undefined>();
  const [pickup, setPickup] = useState<PickupAnswer | undefined>();
  const [booked, setBooked] = useState<string[]>([]);
  const done = useRef(false);
  // The page hands a new onDone on each render: the polling must not restart for it.
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const path = `/admin/shipbridge/batches/${batchId}`;

  useEffect(() => {
    done.current = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = () => {
      adminJson<{ batch: BatchAnswer }>(path)
        .then((body) => {
          if (stopped) return;
          setBatch(body.batch);
          if (body.batch.state === "done") {
            if (!done.current) {
              done.current = true;
              onDoneRef.current();
            }
            return;
          }
          timer = setTimeout(poll, POLL_MS);
        })
        .catch((failure: Error) => {
          if (!stopped) setError(failure.message);
        });
    };
    poll();
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [path]);

  const act = (name: string, work: () => Promise<void>) => {
    setBusy(name);
    setError(undefined);
    work()
      .catch((failure: Error) => setError(failure.message))
      .finally(() => setBusy(undefined));
  };

  const labels = () =>
    act("labels", async () => {
      const response = await adminRequest(`${path}/labels`, { body: {} });
      const type = response.headers.get("content-type") ?? "application/pdf";
      const extension = type.includes("pdf") ? "pdf" : "zpl";
      saveFile(await response.blob(), `labels-${batchId}.${extension}`);
    });

  const protocol = () =>
    act("protocol", async () => {
      const body = await adminJson<Protocols>(`${path}/protocol`, { body: {} });
      for (const entry of body.protocols) {
        saveFile(fromBase64(entry.body_base64, entry.content_type), entry.filename);
      }
    });

  const courier = () =>
    act("courier", async () => {
      setPickup(await adminJson<PickupAnswer>(`${path}/pickup`));
    });

  const book = (service: string, slot: { date: string; min_time: string; max_time: string }) =>
    act(`book-${service}`, async () => {
      const body = await adminJson<{
        pickups: { service: string; pickup_number: string | null }[];
      }>(`${path}/pickup`, { body: { service, ...slot } });
      setBooked((previous) => [
        ...previous,
        ...body.pickups.map((entry) => text.booked(entry.service, entry.pickup_number ?? "—")),
      ]);
    });

  const settled = batch === undefined ? 0 : batch.fulfilled + batch.failed;
  const percent = batch === undefined || batch.total === 0 ? 0 : (100 * settled) / batch.total;
  const finished = batch?.state === "done";

  return (
    <Container
      className="divide-y p-0"
      data-shipbridge="batch"
      data-state={batch?.state ?? "queued"}
    >
      <div className="flex flex-col gap-2 px-6 py-4">
        <Heading level="h2">{finished ? text.batchDone : text.batchRunning}</Heading>
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={batch?.total ?? 0}
          aria-valuenow={settled}
          className="h-2 w-full overflow-hidden rounded-full bg-ui-bg-subtle"
        >
          <div className="h-full bg-ui-fg-interactive" style={{ width: `${percent}%` }} />
        </div>
        <Text size="small" data-shipbridge="progress">
          {batch === undefined
            ? text.loading
            : text.progress(batch.fulfilled, batch.total, batch.failed)}
          {batch !== undefined && !finished && batch.remaining_ms !== null
            ? ` · ${text.timeLeft(Math.ceil(batch.remaining_ms / 1000))}`
            : ""}
        </Text>
      </div>
      {error === undefined ? null : (
        <Text className="px-6 py-3 text-ui-fg-error" role="alert" data-shipbridge="batch-error">
          {error}
        </Text>
      )}
      {batch !== undefined && batch.failures.length > 0 ? (
        <div className="flex flex-col gap-1 px-6 py-3" data-shipbridge="failures">
          <Text size="small" weight="plus">
            {text.failures}
          </Text>
          {batch.failures.map((failure) => (
            <Text size="small" key={failure.order_id} className="break-words">
              {failure.message}
            </Text>
          ))}
        </div>
      ) : null}
      {finished && batch.fulfilled > 0 ? (
        <div className="flex flex-wrap gap-2 px-6 py-4">
          <Button
            size="small"
            variant="secondary"
            isLoading={busy === "labels"}
            onClick={labels}
            data-shipbridge="labels"
          >
            {text.labels}
          </Button>
          <Button
            size="small"
            variant="secondary"
            isLoading={busy === "protocol"}
            onClick={protocol}
            data-shipbridge="protocol"
          >
            {text.protocol}
          </Button>
          <Button
            size="small"
            variant="secondary"
            isLoading={busy === "courier"}
            onClick={courier}
            data-shipbridge="courier"
          >
            {text.bookCourier}
          </Button>
        </div>
      ) : null}
      {pickup === undefined ? null : (
        <div className="flex flex-col gap-2 px-6 py-4" data-shipbridge="pickup">
          <Text size="small" weight="plus">
            {text.courierSlots}
          </Text>
          {pickup.carriers.map((carrier) => {
            const slot = carrier.dates[0];
            return slot === undefined ? null : (
              <Button
                key={carrier.service}
                size="small"
                variant="secondary"
                isLoading={busy === `book-${carrier.service}`}
                onClick={() => book(carrier.service, slot)}
                data-shipbridge-book={carrier.service}
              >
                {text.book(carrier.service, slot.date, slot.min_time, slot.max_time)}
              </Button>
            );
          })}
          {[...new Set(pickup.no_pickup_needed.map((entry) => entry.service))].map((service) => (
            <Text size="small" key={service}>
              {text.noPickupNeeded(service)}
            </Text>
          ))}
          {booked.map((line) => (
            <Text size="small" key={line} data-shipbridge="booked">
              {line}
            </Text>
          ))}
        </div>
      )}
    </Container>
  );
}
