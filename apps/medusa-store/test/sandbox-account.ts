// What the store's tests read from the sandbox as its demo account sees it
// (its own API over real HTTP): a token, any path of the account, and how
// many packages it holds and order commands it was charged for; and the
// Polish shipping address the tests' carts use.

const sandbox = () => process.env["SHIPBRIDGE_BASE_URL"] as string;

/** A bearer token of the sandbox's demo account. */
export async function sandboxToken(): Promise<string> {
  const token = await fetch(`${sandbox()}/oauth/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from("demo-client:demo-secret").toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=password&username=demo%40shipbridge.dev&password=demo-password",
  }).then((response) => response.json() as Promise<{ access_token: string }>);
  return token.access_token;
}

/** The sandbox's demo account, as its own API shows `path`. */
export async function account(path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandbox()}${path}`, {
    headers: { authorization: `Bearer ${await sandboxToken()}` },
  });
  return (await response.json()) as Record<string, unknown>;
}

/** How many packages the account holds, and how many order commands it was charged for. */
export async function paid(): Promise<{ packages: number; charges: number }> {
  const packages = await account("/packages?limit=500");
  const messages = await account("/messages?type=order&limit=500");
  return {
    packages: Number(packages["total"]),
    charges: (messages["messages"] as unknown[]).length,
  };
}

/** A shipping address in Gdańsk that every rule accepts. */
export const ADDRESS = {
  first_name: "Anna",
  last_name: "Nowak",
  address_1: "ul. Długa 5",
  postal_code: "80-831",
  city: "Gdańsk",
  country_code: "pl",
  phone: "601234567",
};
