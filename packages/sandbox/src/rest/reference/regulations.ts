// The regulations a user accepts: the platform's terms and each carrier's
// regulations, each a RegulationDocument (type, key, additional_content: the
// text of the acceptance statement, content: the full text to display), in
// the language X-Language asks for.
import type { Language } from "@shipbridge/core";
import { CARRIER_OFFERS, CARRIERS } from "../carriers/carriers.ts";

export interface RegulationDocument {
  readonly type: "terms_of_service" | "carrier_regulations";
  readonly key: string;
  readonly service: string | null;
  readonly additional_content: string;
  readonly content: string;
  readonly url: null;
}

export function regulations(language: Language): RegulationDocument[] {
  const pl = language === "pl_PL";
  const platform: RegulationDocument = {
    type: "terms_of_service",
    key: "platform-terms-2026-08-24",
    service: null,
    additional_content: pl
      ? "Oświadczam, że zapoznałem się z Regulaminem serwisu i akceptuję jego treść."
      : "I declare that I have read the Terms of Service and accept them.",
    content: pl
      ? "Regulamin serwisu (wersja piaskownicy). §1. Serwis pośredniczy w nadawaniu przesyłek. §2. Ceny podane w kalkulacji są cenami brutto. §3. Zamówienie przesyłki obciąża saldo konta; anulowanie przed odbiorem przez kuriera zwraca opłatę. §4. Od 24.08.2026 przesyłki Poczty Polskiej na umowie własnej nie mogą mieć wybranych usług dodatkowych."
      : "Terms of Service (sandbox edition). §1. The service brokers the shipping of parcels. §2. Quoted prices are gross. §3. Ordering a shipment charges the account; cancelling before the courier collects it refunds the charge. §4. From 2026-08-24, own-contract Poczta Polska shipments may not carry certain additional services.",
    url: null,
  };
  const carriers = CARRIERS.map(
    (carrier): RegulationDocument => ({
      type: "carrier_regulations",
      key: `${carrier}-regulations-2026-01`,
      service: carrier,
      additional_content: pl
        ? `Akceptuję regulamin przewoźnika ${CARRIER_OFFERS[carrier].name}.`
        : `I accept the regulations of the carrier ${CARRIER_OFFERS[carrier].name}.`,
      content: pl
        ? `Regulamin świadczenia usług przez ${CARRIER_OFFERS[carrier].name}. Maksymalna waga paczki: ${CARRIER_OFFERS[carrier].maxWeightKg} kg. Najdłuższy bok: ${CARRIER_OFFERS[carrier].maxLengthCm} cm. Przesyłki niebezpieczne są wyłączone z przewozu.`
        : `Terms of carriage of ${CARRIER_OFFERS[carrier].name}. Maximum parcel weight: ${CARRIER_OFFERS[carrier].maxWeightKg} kg. Longest side: ${CARRIER_OFFERS[carrier].maxLengthCm} cm. Dangerous goods are excluded from carriage.`,
      url: null,
    }),
  );
  return [platform, ...carriers];
}
