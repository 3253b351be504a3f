// Seeds the store (`medusa exec ./src/scripts/seed.ts`): a Polish region in
// PLN, a warehouse, products with weights, the plugin's shipping options
// (calculated prices, an InPost locker option, a DPD courier and its return),
// and a publishable key for the store API. Idempotent: a store that has its
// region already is left as it is.
import type { ExecArgs } from "@medusajs/framework/types";
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils";
import {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
} from "@medusajs/medusa/core-flows";

const PROVIDER_ID = "shipbridge_shipbridge";

export default async function seed({ container }: ExecArgs): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER);
  const link = container.resolve(ContainerRegistrationKeys.LINK);
  const fulfillment = container.resolve(Modules.FULFILLMENT);
  const existing = await container.resolve(Modules.REGION).listRegions({ name: "Polska" });
  if (existing.length > 0) {
    logger.info("Seeded already: nothing to do");
    return;
  }

  const {
    result: [channel],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: "Web shop" }] },
  });
  const {
    result: [region],
  } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        {
          name: "Polska",
          currency_code: "pln",
          countries: ["pl"],
          payment_providers: ["pp_system_default"],
        },
      ],
    },
  });
  const {
    result: [location],
  } = await createStockLocationsWorkflow(container).run({
    input: {
      locations: [
        {
          name: "Magazyn Warszawa",
          address: {
            address_1: "ul. Marszałkowska 1",
            postal_code: "00-624",
            city: "Warszawa",
            country_code: "PL",
          },
        },
      ],
    },
  });
  if (channel === undefined || region === undefined || location === undefined) {
    throw new Error("seeding the channel, region or location returned nothing");
  }
  await linkSalesChannelsToStockLocationWorkflow(container).run({
    input: { id: location.id, add: [channel.id] },
  });
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: PROVIDER_ID },
  });

  const {
    result: [profile],
  } = await createShippingProfilesWorkflow(container).run({
    input: { data: [{ name: "Parcels", type: "default" }] },
  });
  const set = await fulfillment.createFulfillmentSets({
    name: "Polska",
    type: "shipping",
    service_zones: [{ name: "Polska", geo_zones: [{ type: "country", country_code: "pl" }] }],
  });
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_set_id: set.id },
  });
  const zone = set.service_zones[0];
  if (profile === undefined || zone === undefined) throw new Error("no profile or zone");

  const options = await fulfillment.retrieveFulfillmentOptions(PROVIDER_ID);
  await createShippingOptionsWorkflow(container).run({
    input: options.map((option) => ({
      name: String(option["name"]),
      price_type: "calculated" as const,
      provider_id: PROVIDER_ID,
      service_zone_id: zone.id,
      shipping_profile_id: profile.id,
      type: {
        label: String(option["name"]),
        description: String(option["id"]),
        code: String(option["id"]),
      },
      data: option,
      rules: [
        { attribute: "enabled_in_store", operator: "eq" as const, value: "true" },
        {
          attribute: "is_return",
          operator: "eq" as const,
          value: option["is_return"] ? "true" : "false",
        },
      ],
    })),
  });

  await createProductsWorkflow(container).run({
    input: {
      products: [
        { title: "Kubek", handle: "kubek", weight: 400, price: 39.9 },
        { title: "Książka", handle: "ksiazka", weight: 500, price: 59 },
      ].map((product) => ({
        title: product.title,
        handle: product.handle,
        status: "published" as const,
        shipping_profile_id: profile.id,
        sales_channels: [{ id: channel.id }],
        options: [{ title: "Wariant", values: ["Standard"] }],
        variants: [
          {
            title: "Standard",
            sku: product.handle.toUpperCase(),
            weight: product.weight,
            manage_inventory: false,
            options: { Wariant: "Standard" },
            prices: [{ amount: product.price, currency_code: "pln" }],
          },
        ],
      })),
    },
  });

  const {
    result: [key],
  } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: "Web shop", type: "publishable", created_by: "" }] },
  });
  if (key === undefined) throw new Error("no publishable key");
  await linkSalesChannelsToApiKeyWorkflow(container).run({
    input: { id: key.id, add: [channel.id] },
  });
  logger.info(`Seeded: region ${region.id}, publishable key ${key.token}`);
}
