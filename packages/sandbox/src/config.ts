// The sandbox's configuration file: the registered OAuth applications and the
// users who can log in. It stands in for the service's separate application
// registration tool. Without a file, the built-in demo application and user
// are used, so that everything runs without credentials.
import { z } from "zod";

export const ApplicationConfigSchema = z.strictObject({
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  redirect_uri: z
    .url({
      protocol: /^https?$/,
      error: "redirect_uri must be an absolute http or https address",
    })
    .refine((uri) => !uri.includes("#"), "redirect_uri must not contain a fragment (#)")
    .optional(),
  name: z.string().optional(),
});

export const CompanyConfigSchema = z.strictObject({
  id: z.union([z.string().min(1), z.number().int().positive()]).transform(String),
  name: z.string().min(1),
});

export const UserConfigSchema = z.strictObject({
  username: z.string().min(1),
  password: z.string().min(1),
  companies: z.array(CompanyConfigSchema).optional(),
});

function uniqueBy<T>(key: (item: T) => string, what: string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const value = key(item);
      if (seen.has(value)) {
        ctx.addIssue({
          code: "custom",
          path: [index],
          message: `${what} ${JSON.stringify(value)} appears twice`,
        });
      }
      seen.add(value);
    });
  };
}

export const SandboxConfigSchema = z.strictObject({
  applications: z
    .array(ApplicationConfigSchema)
    .superRefine(uniqueBy((app: ApplicationConfig) => app.client_id, "client_id")),
  users: z
    .array(UserConfigSchema)
    .superRefine(uniqueBy((user: UserConfig) => user.username, "username")),
});

export type ApplicationConfig = z.infer<typeof ApplicationConfigSchema>;
export type UserConfig = z.infer<typeof UserConfigSchema>;
export type SandboxConfig = z.infer<typeof SandboxConfigSchema>;
export type SandboxConfigInput = z.input<typeof SandboxConfigSchema>;

export const DEMO_CONFIG: SandboxConfigInput = {
  applications: [
    {
      client_id: "demo-client",
      client_secret: "demo-secret",
      redirect_uri: "http://127.0.0.1:3000/oauth/callback",
      name: "Demo application",
    },
  ],
  users: [
    {
      username: "demo@shipbridge.dev",
      password: "demo-password",
      companies: [{ id: "1001", name: "Demo Sklep sp. z o.o." }],
    },
  ],
};

export function parseSandboxConfig(input: unknown): SandboxConfig {
  const result = SandboxConfigSchema.safeParse(input);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new Error(`invalid sandbox config:\n${lines.join("\n")}`);
  }
  return result.data;
}
