// The rates offered at checkout, from core's calculatePrice (one quote per
// carrier the merchant offers) and core's points search near the
// destination (the nearest lockers and pickup points, each its own rate
// whose service_code names the carrier and the point). Everything runs
// under one deadline well inside Shopify's smallest timeout (3 s); on any
// failure or when time runs out, the merchant's backup rates (or none) are
// answered instead: never an error, never a hang. A destination that cannot
// be shipped to (see destination-fit.ts) gets no courier rate, and no rate
// at all, not even a backup one, when it fits no point either. When it
// fits a point but not a courier and the quote fails or runs out of time,
// the answer is no rate too: a backup rate names no point, so its order
// goes to the address as a courier parcel would, and that address is the
// one a courier cannot find. The postcode is sent to the service in its
// country's written form (`80831` as `80-831`), for the quote and the points
// search alike. Rates are named in the checkout's language (its `locale`,
// see rate-names.ts), so the cache keeps each language's names apart.
import type { ShippingClient } from "@shipbridge/core";
import { pointClosure } from "@shipbridge/core/rules";
import { decodeServiceCode, encodeServiceCode } from "../mapping/service-code.ts";
import type { ShopSettings } from "../store/settings.ts";
import { type DestinationFit, destinationFit } from "./destination-fit.ts";
import type { QuoteCache } from "./quote-cache.ts";
import {
  courierRateName,
  pointRateDescription,
  pointRateName,
  rateLanguage,
} from "./rate-names.ts";
import { type RateRequest, type ShopifyRate, fieldText as text } from "./rate-request.ts";

export interface QuoteRatesOptions {
  /** The shop asking: quotes come from its own account, so they are cached per shop. */
  readonly shop: string;
  readonly client: ShippingClient;
  readonly settings: ShopSettings;
  readonly request: RateRequest;
  readonly cache: QuoteCache;
  readonly deadlineMs: number;
  /** How many points to offer per carrier. Default 3. */
  readonly pointsPerService?: number;
}

export interface QuoteOutcome {
  readonly rates: readonly ShopifyRate[];
  readonly source: "service" | "cache" | "backup";
}

const DEFAULT_BOX = { width: 30, depth: 20, height: 10 };
/** What the service's prices are in when their pricing does not say. */
const SERVICE_CURRENCY = "PLN";

function subunits(major: number): string {
  return String(Math.round(major * 100));
}

export function backupRates(settings: ShopSettings, currency: string): ShopifyRate[] {
  return settings.backupRates.map((rate, index) => ({
    service_name: rate.name,
    service_code: `shipbridge-backup-${index + 1}`,
    total_price: subunits(rate.price),
    currency,
  }));
}

/** The cache key: the shop (its account's prices), and only what changes the quote. */
export function normalizedKey(request: RateRequest, settings: ShopSettings, shop: string): string {
  const grams = request.items
    .filter((item) => item.requires_shipping !== false)
    .reduce((sum, item) => sum + item.grams * item.quantity, 0);
  return JSON.stringify([
    shop,
    text(request.destination.country)?.toUpperCase(),
    text(request.destination.postal_code)?.replace(/\s+/g, "").toUpperCase(),
    text(request.destination.city)?.toLowerCase(),
    text(request.origin.postal_code),
    // Quotes change by weight bracket, not by the gram.
    Math.ceil(grams / 100),
    request.currency,
    rateLanguage(request.locale, settings.language),
    settings.services,
    settings.pointServices,
    settings.parcel ?? DEFAULT_BOX,
  ]);
}

async function fromService(
  options: QuoteRatesOptions,
  signal: AbortSignal,
): Promise<ShopifyRate[]> {
  const { client, settings, request } = options;
  const country = text(request.destination.country)?.toUpperCase();
  const postcode = text(request.destination.postal_code);
  if (!country || !postcode) return [];
  const grams = request.items
    .filter((item) => item.requires_shipping !== false)
    .reduce((sum, item) => sum + item.grams * item.quantity, 0);
  const box = settings.parcel ?? DEFAULT_BOX;
  const originPostcode = text(request.origin.postal_code) ?? settings.sender?.postcode;
  const originCountry =
    text(request.origin.country)?.toUpperCase() ?? settings.sender?.country_code;
  const services = [...new Set([...settings.services, ...settings.pointServices])];
  const deadline = Date.now() + options.deadlineMs;
  const call = { signal, deadline };

  const quote = client.packages.calculatePrice(
    {
      package: {
        pickup:
          originPostcode && originCountry
            ? { postcode: originPostcode, country_code: originCountry }
            : null,
        receiver: { postcode, country_code: country },
        parcels: [{ ...box, weight: Math.max(grams / 1000, 0.1), type: "package" as const }],
      },
      services: { service: services },
    },
    call,
  );
  const city = text(request.destination.city);
  const street = text(request.destination.address1);
  const points =
    settings.pointServices.length > 0
      ? client.points.map(
          {
            location: {
              address: {
                postcode,
                country_code: country,
                ...(city ? { city } : {}),
                ...(street ? { street } : {}),
              },
            },
            filters: { services: [...settings.pointServices] },
            limit: (options.pointsPerService ?? 3) * settings.pointServices.length,
          },
          call,
        )
      : Promise.resolve({ points: [] });
  const [{ prices }, found] = await Promise.all([quote, points]);

  const priceOf = new Map<string, number>();
  const wanted = String(request.currency).toUpperCase();
  for (const entry of prices.services_prices) {
    if (!entry.available || !entry.pricing) continue;
    // The service prices in its own currency (złoty); a price is offered only in
    // that currency, never relabelled as the checkout's (there is no rate here).
    const currency = (entry.pricing.currency ?? SERVICE_CURRENCY).toUpperCase();
    if (currency === wanted) priceOf.set(entry.service, entry.pricing.price_gross);
  }
  const language = rateLanguage(request.locale, settings.language);
  const rates: ShopifyRate[] = [];
  for (const service of settings.services) {
    const price = priceOf.get(service);
    if (price === undefined) continue;
    rates.push({
      service_name: courierRateName(service, language),
      service_code: encodeServiceCode({ kind: "courier", service }),
      total_price: subunits(price),
      currency: request.currency,
    });
  }
  const perService = new Map<string, number>();
  for (const point of found.points) {
    const service = point.service ?? undefined;
    // The same rule as at shipping time: a closed point, or one on holiday, is not offered.
    if (!service || !settings.pointServices.includes(service) || pointClosure(point)) continue;
    const price = priceOf.get(service);
    const taken = perService.get(service) ?? 0;
    if (price === undefined || taken >= (options.pointsPerService ?? 3)) continue;
    let code: string;
    try {
      code = encodeServiceCode({ kind: "point", service, point: point.code });
    } catch {
      continue;
    }
    perService.set(service, taken + 1);
    const where = pointRateDescription(point.address);
    rates.push({
      service_name: pointRateName(service, point.code, point.distance, language),
      service_code: code,
      total_price: subunits(price),
      currency: request.currency,
      ...(where ? { description: where } : {}),
    });
  }
  return rates;
}

/** Rates for one checkout: cached, quoted in time, or the backup rates; only those its address fits. */
export async function quoteRates(asked: QuoteRatesOptions): Promise<QuoteOutcome> {
  let fit: DestinationFit;
  try {
    fit = destinationFit(asked.request.destination, asked.settings.language);
  } catch {
    fit = { courier: true, point: true };
  }
  // The quote, the points search and the cache use the postcode's written form.
  const options: QuoteRatesOptions = fit.postcode
    ? {
        ...asked,
        request: {
          ...asked.request,
          destination: { ...asked.request.destination, postal_code: fit.postcode },
        },
      }
    : asked;
  if (fit.courier) return quoteFitting(options);
  if (!fit.point) return { rates: [], source: "service" };
  // The cache is keyed without the street, so what it holds is filtered too.
  const outcome = await quoteFitting(options);
  if (outcome.source === "backup") return { rates: [], source: "backup" };
  const points = outcome.rates.filter(
    (rate) => decodeServiceCode(rate.service_code)?.kind === "point",
  );
  return { ...outcome, rates: points };
}

async function quoteFitting(options: QuoteRatesOptions): Promise<QuoteOutcome> {
  // A request that cannot be read (no destination, an item that is not one)
  // gets the backup rates, like any other failure.
  let key: string;
  try {
    key = normalizedKey(options.request, options.settings, options.shop);
  } catch {
    return { rates: backupRates(options.settings, options.request.currency), source: "backup" };
  }
  const cached = options.cache.get(key);
  if (cached) return { rates: cached, source: "cache" };
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error("rate deadline"));
      resolve(undefined);
    }, options.deadlineMs);
  });
  try {
    const rates = await Promise.race([fromService(options, controller.signal), late]);
    if (rates === undefined || rates.length === 0) {
      return { rates: backupRates(options.settings, options.request.currency), source: "backup" };
    }
    options.cache.set(key, rates);
    return { rates, source: "service" };
  } catch {
    return { rates: backupRates(options.settings, options.request.currency), source: "backup" };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
