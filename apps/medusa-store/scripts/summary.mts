// What `start` prints last, once the store answers: where the store and
// admin APIs are, the admin's login, the publishable key, the region and
// product ids, the sandbox and the database, and how to stop. One
// `label: value` a line, so a newcomer finds the key at a glance (and a test
// can read it).

/** What the store setup (`src/scripts/start-setup.ts`) reports. */
export interface StoreFacts {
  readonly publishableKey: string;
  readonly region: { readonly id: string; readonly name: string; readonly currency: string };
  readonly products: ReadonlyArray<{ readonly id: string; readonly title: string }>;
}

export interface SummaryInput {
  readonly facts: StoreFacts;
  /** Medusa's URL; undefined when `--no-serve` stopped after seeding. */
  readonly medusaUrl: string | undefined;
  readonly adminEnabled: boolean;
  readonly admin: { readonly email: string; readonly password: string };
  readonly sandbox: { readonly baseUrl: string; readonly accountUrl: string };
  readonly databaseUrl: string;
  /** Where the whole log of migrations, seeding and Medusa's boot went. */
  readonly logFile: string;
}

const RULE = "─".repeat(72);

export function formatSummary(input: SummaryInput): string {
  const { facts, medusaUrl } = input;
  const row = (label: string, value: string) => `  ${`${label}:`.padEnd(18)}${value}`;
  const rows = [
    RULE,
    medusaUrl
      ? "shipbridge: the store is ready"
      : "shipbridge: migrated and seeded (--no-serve: a check; this database is removed now)",
    ...(medusaUrl
      ? [
          row("store API", `${medusaUrl}/store (header x-publishable-api-key)`),
          row("admin", input.adminEnabled ? `${medusaUrl}/app` : "off (MEDUSA_ADMIN_DISABLE=true)"),
          row("admin API", `${medusaUrl}/admin`),
        ]
      : []),
    row("admin login", `${input.admin.email} / ${input.admin.password}`),
    row("publishable key", facts.publishableKey),
    row(
      "region",
      `${facts.region.id} (${facts.region.name}, ${facts.region.currency.toUpperCase()})`,
    ),
    row("products", facts.products.map((product) => `${product.id} (${product.title})`).join(", ")),
    row("shipping service", `${input.sandbox.baseUrl} (the local sandbox)`),
    row("account pages", input.sandbox.accountUrl),
    row("database", input.databaseUrl),
    row("log", input.logFile),
    ...(medusaUrl
      ? [
          "  Another admin user, from the repository's root while the store runs:",
          `    DATABASE_URL=${input.databaseUrl} pnpm -F @shipbridge/medusa-store exec medusa user -e you@example.com -p <password>`,
          "  Stop with Ctrl+C: Medusa, the sandbox and the database stop, nothing is left behind.",
        ]
      : []),
    RULE,
  ];
  return rows.join("\n");
}
