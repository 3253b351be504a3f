// The buyer's view of the order's pickup point (the thank-you and
// order-status blocks): its name and code, address, and opening hours day
// by day, in the checkout's language; nothing at all for an order that does
// not ship to a point. The app is asked with the buyer's session token; an
// order just placed may not be readable yet, so an unknown order is asked
// for again a few times.
import { useEffect, useState } from "preact/hooks";
import { appJson, type Language } from "../../shared/app-api.ts";
import { texts } from "../../shared/texts.ts";
import { APP_URL } from "./app-url.ts";

export interface BuyerPoint {
  readonly code: string;
  readonly service: string;
  readonly name: string | null;
  readonly address: {
    readonly street: string;
    readonly postcode: string;
    readonly city: string;
  } | null;
  readonly openingHours: readonly { day: string; open: string | null; close: string | null }[];
}

/** Tries and the pause between them while the new order is not readable yet. */
const TRIES = 5;
const PAUSE_MS = 2000;

export function PickupPointCard(props: {
  readonly orderId: string;
  readonly language: Language;
  readonly token: () => Promise<string>;
}) {
  const [point, setPoint] = useState<BuyerPoint | null>(null);
  const t = texts(props.language);

  useEffect(() => {
    let stopped = false;
    const ask = async (tries: number) => {
      const answer = await appJson<{ point: BuyerPoint | null }>(
        `${APP_URL}/extension-api/pickup-point?order=${encodeURIComponent(props.orderId)}&language=${props.language}`,
        { bearer: await props.token() },
      );
      if (stopped) return;
      if (answer.ok) setPoint(answer.data.point);
      else if (answer.status === 404 && tries > 1) {
        setTimeout(() => void ask(tries - 1), PAUSE_MS);
      }
    };
    void ask(TRIES);
    return () => {
      stopped = true;
    };
  }, [props.orderId, props.language, props.token]);

  if (!point) return null;
  return (
    <s-section heading={t.yourPoint}>
      <s-stack gap="small-200">
        <s-text id="point-name">
          {point.name ?? point.code} ({point.code})
        </s-text>
        {point.address ? (
          <s-text id="point-address">
            {point.address.street}, {point.address.postcode} {point.address.city}
          </s-text>
        ) : null}
        {point.openingHours.length > 0 ? (
          <s-stack gap="small-500">
            <s-text type="strong">{t.openingHours}</s-text>
            {point.openingHours.map((slot) => (
              <s-text key={slot.day}>
                {t.days[slot.day] ?? slot.day}:{" "}
                {slot.open && slot.close ? `${slot.open}–${slot.close}` : t.closed}
              </s-text>
            ))}
          </s-stack>
        ) : null}
      </s-stack>
    </s-section>
  );
}
