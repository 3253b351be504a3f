// ShippingClient: the typed client of the shipping service's REST API. One
// namespace per resource; every call validates its input before sending,
// takes per-call options (version, company, language, signal, deadline),
// retries what is safe to retry and raises ApiError subclasses.

import { type Clock, systemClock } from "../clock.ts";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "../issues/language.ts";
import { accountServicesProblem } from "../rules/shipment-contract.ts";
import {
  type AddressAutocompleteRequest,
  type AddressAutocompleteResponse,
  API_VERSIONS,
  type ApiVersion,
  type CitiesRequest,
  type CitiesResponse,
  type CountryListResponse,
  type Dictionary,
  type RegulationsResponse,
  type StreetsRequest,
  type StreetsResponse,
} from "../schemas/index.ts";
import { ApiUsageError } from "./api-usage-error.ts";
import type { ShippingAuth } from "./auth.ts";
import type { AccountServicesLike, ClientContext } from "./client-context.ts";
import { realSleep, type Sleep } from "./deadline.ts";
import type { PollOptions } from "./poll.ts";
import { AccountResource, UserDataResource } from "./resources/account.ts";
import { AddressBookResource } from "./resources/address-book.ts";
import {
  CancelCommandsResource,
  DocumentsCommandsResource,
  OrderCommandsResource,
  PickupCommandsResource,
} from "./resources/commands.ts";
import { MessagesResource } from "./resources/messages.ts";
import { PackagesResource } from "./resources/packages.ts";
import { PaymentsResource } from "./resources/payments.ts";
import { PickupsResource } from "./resources/pickups.ts";
import { PointsResource } from "./resources/points.ts";
import * as reference from "./resources/reference-data.ts";
import { TemplatesResource } from "./resources/templates.ts";
import { type RetryOptions, resolveRetryOptions } from "./retry-policy.ts";
import { trackingPageProblem } from "./tracking-page.ts";
import { type CallOptions, Transport } from "./transport.ts";

export interface ShippingClientOptions {
  /** {base_url} of the service, e.g. https://api.furgonetka.pl. */
  readonly baseUrl: string | URL;
  /** Where access tokens come from: an OAuthClient, or anything with accessToken(). */
  readonly auth: ShippingAuth;
  /** X-Company-Id on every call (a call can override it). */
  readonly companyId?: string | number | undefined;
  /** X-Language on every call, and the language of local validation messages. Default en_GB. */
  readonly language?: Language | undefined;
  /** API version of calls that have two. Default 2. */
  readonly version?: ApiVersion | undefined;
  readonly fetch?: typeof globalThis.fetch | undefined;
  /** The clock of deadlines, pollers and date-bound rules. */
  readonly clock?: Clock | undefined;
  /** How pollers wait; tests can make it move the sandbox's clock instead. */
  readonly sleep?: Sleep | undefined;
  /** Timeout of one HTTP attempt, in milliseconds. Default 30,000. */
  readonly timeoutMs?: number | undefined;
  /** Budget of a whole call, retries included, when the call sets no deadline. Default 60,000. */
  readonly callTimeoutMs?: number | undefined;
  /** Budget of a polling call (price, commands, label), when it sets no deadline. Default 300,000. */
  readonly pollTimeoutMs?: number | undefined;
  readonly retry?: RetryOptions | undefined;
  readonly poll?: PollOptions | undefined;
  /**
   * Check answers against the inbound schemas and fail with
   * UnexpectedResponseError naming the path. Meant for development and
   * tests. Default false.
   */
  readonly validateResponses?: boolean | undefined;
  /**
   * The account's services, for the rules on service_id: what
   * `client.account.services()` returns, or its `services` list.
   */
  readonly accountServices?: AccountServicesLike | undefined;
  /**
   * The public tracking page customers open, as a template with `{number}`
   * where the tracking number goes; shipOrder builds its `trackingUrls` from
   * it. Default: what the service gives per parcel, else
   * https://furgonetka.pl/zlokalizuj/{number} (see trackingPageUrl).
   */
  readonly trackingPage?: string | undefined;
}

function httpUrl(value: string | URL | undefined): string {
  const text = String(value);
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) {
    throw new ApiUsageError("baseUrl", "must be the service's absolute http(s) address");
  }
  return new URL(text).toString();
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new ApiUsageError(
      name,
      `must be a positive number of milliseconds, got ${String(value)}`,
    );
  }
  return value;
}

/** Each client's tracking page template, when one is configured. */
const trackingPages = new WeakMap<ShippingClient, string>();

/** The client's configured tracking page template (the `trackingPage` option), if any. */
export function clientTrackingPage(client: ShippingClient): string | undefined {
  return trackingPages.get(client);
}

/** Each client's API address (`baseUrl`, normalized). */
const apiAddresses = new WeakMap<ShippingClient, string>();

/** The client's API address (its `baseUrl`): what is under it is the API, not a page. */
export function clientApiAddress(client: ShippingClient): string | undefined {
  return apiAddresses.get(client);
}

/** Each client's auth provider: it stands for the account the client calls as. */
const accounts = new WeakMap<ShippingClient, ShippingAuth>();

/**
 * What identifies the account a client works for (its auth provider, such as
 * the OAuthClient), so that work merged per account never crosses accounts.
 * Clients made per call around one OAuthClient share it.
 */
export function clientAccount(client: ShippingClient): object {
  return accounts.get(client) ?? client;
}

export class ShippingClient {
  readonly packages: PackagesResource;
  readonly orderCommands: OrderCommandsResource;
  readonly cancelCommands: CancelCommandsResource;
  readonly pickups: PickupsResource;
  readonly pickupCommands: PickupCommandsResource;
  readonly documentsCommands: DocumentsCommandsResource;
  readonly addressBook: AddressBookResource;
  readonly points: PointsResource;
  readonly account: AccountResource;
  readonly templates: TemplatesResource;
  readonly messages: MessagesResource;
  readonly payments: PaymentsResource;
  readonly userData: UserDataResource;
  readonly #context: ClientContext;

  constructor(options: ShippingClientOptions) {
    if (typeof options !== "object" || options === null) {
      throw new ApiUsageError("options", "must be an object with baseUrl and auth");
    }
    if (typeof options.auth?.accessToken !== "function") {
      throw new ApiUsageError("auth", "must provide accessToken(), e.g. an OAuthClient");
    }
    const baseUrl = httpUrl(options.baseUrl);
    const clock = options.clock ?? systemClock;
    const retry = resolveRetryOptions(options.retry);
    const version = options.version ?? 2;
    if (!API_VERSIONS.includes(version)) {
      throw new ApiUsageError(
        "version",
        `must be one of ${API_VERSIONS.join(", ")}, got ${String(version)}`,
      );
    }
    const language = options.language ?? DEFAULT_LANGUAGE;
    if (!isLanguage(language)) {
      throw new ApiUsageError(
        "language",
        `must be one of ${LANGUAGES.join(", ")}, got ${String(language)}`,
      );
    }
    const services = options.accountServices;
    const problem = services === undefined ? undefined : accountServicesProblem(services);
    if (problem !== undefined) {
      const where = problem.path.startsWith("[") ? problem.path : `.${problem.path}`;
      throw new ApiUsageError(
        problem.path === "" ? "accountServices" : `accountServices${where}`,
        `must be what client.account.services() returns, or its services list (expected ${problem.expected} here)`,
      );
    }
    const transport = new Transport({
      baseUrl,
      auth: options.auth,
      companyId: options.companyId,
      language,
      version,
      fetch: options.fetch,
      clock,
      timeoutMs: positive("timeoutMs", options.timeoutMs, 30_000),
      callTimeoutMs: positive("callTimeoutMs", options.callTimeoutMs, 60_000),
      retry,
      validateResponses: options.validateResponses ?? false,
    });
    if (options.trackingPage !== undefined) {
      const trackingProblem = trackingPageProblem(options.trackingPage);
      if (trackingProblem !== undefined) throw new ApiUsageError("trackingPage", trackingProblem);
      trackingPages.set(this, options.trackingPage);
    }
    accounts.set(this, options.auth);
    apiAddresses.set(this, baseUrl);
    this.#context = {
      transport,
      clock,
      sleep: options.sleep ?? realSleep,
      poll: options.poll,
      pollTimeoutMs: positive("pollTimeoutMs", options.pollTimeoutMs, 300_000),
      retry,
      version,
      language,
      accountServices: options.accountServices,
    };
    this.packages = new PackagesResource(this.#context);
    this.orderCommands = new OrderCommandsResource(this.#context);
    this.cancelCommands = new CancelCommandsResource(this.#context);
    this.pickups = new PickupsResource(this.#context);
    this.pickupCommands = new PickupCommandsResource(this.#context);
    this.documentsCommands = new DocumentsCommandsResource(this.#context);
    this.addressBook = new AddressBookResource(this.#context);
    this.points = new PointsResource(this.#context);
    this.account = new AccountResource(this.#context);
    this.templates = new TemplatesResource(this.#context);
    this.messages = new MessagesResource(this.#context);
    this.payments = new PaymentsResource(this.#context);
    this.userData = new UserDataResource(this.#context);
  }

  /** The countries shipments may be sent to. */
  countries(options?: CallOptions): Promise<CountryListResponse> {
    return reference.countries(this.#context, options);
  }

  /** Currencies and phone prefixes. */
  dictionary(options?: CallOptions): Promise<Dictionary> {
    return reference.dictionary(this.#context, options);
  }

  /** The carriers' regulations. */
  regulations(options?: CallOptions): Promise<RegulationsResponse> {
    return reference.regulations(this.#context, options);
  }

  cities(query: CitiesRequest, options?: CallOptions): Promise<CitiesResponse> {
    return reference.cities(this.#context, query, options);
  }

  streets(query: StreetsRequest, options?: CallOptions): Promise<StreetsResponse> {
    return reference.streets(this.#context, query, options);
  }

  addressAutocomplete(
    query: AddressAutocompleteRequest,
    options?: CallOptions,
  ): Promise<AddressAutocompleteResponse> {
    return reference.addressAutocomplete(this.#context, query, options);
  }

  toString(): string {
    return "ShippingClient";
  }
}
