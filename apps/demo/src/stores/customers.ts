// Sample customers for test orders: real Polish cities the sandbox's points
// map knows, so locker rates are found near each address.
export interface CustomerAddress {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly phone: string;
  readonly street: string;
  readonly city: string;
  readonly postcode: string;
}

export const SAMPLE_CUSTOMERS: readonly CustomerAddress[] = [
  {
    first_name: "Anna",
    last_name: "Nowak",
    email: "anna.nowak@example.com",
    phone: "601234567",
    street: "ul. Długa 5",
    city: "Gdańsk",
    postcode: "80-831",
  },
  {
    first_name: "Piotr",
    last_name: "Wiśniewski",
    email: "piotr@example.com",
    phone: "602345678",
    street: "ul. Floriańska 12",
    city: "Kraków",
    postcode: "30-119",
  },
  {
    first_name: "Katarzyna",
    last_name: "Wójcik",
    email: "kasia@example.com",
    phone: "603456789",
    street: "ul. Piotrkowska 100",
    city: "Łódź",
    postcode: "90-106",
  },
  {
    first_name: "Tomasz",
    last_name: "Kamiński",
    email: "tomek@example.com",
    phone: "604567890",
    street: "ul. Świdnicka 20",
    city: "Wrocław",
    postcode: "50-168",
  },
  {
    first_name: "Magdalena",
    last_name: "Lewandowska",
    email: "magda@example.com",
    phone: "605678901",
    street: "ul. Półwiejska 3",
    city: "Poznań",
    postcode: "60-185",
  },
  {
    first_name: "Marek",
    last_name: "Zieliński",
    email: "marek@example.com",
    phone: "606789012",
    street: "ul. Nowy Świat 30",
    city: "Warszawa",
    postcode: "00-373",
  },
  {
    first_name: "Ewa",
    last_name: "Szymańska",
    email: "ewa@example.com",
    phone: "607890123",
    street: "ul. Krakowskie Przedmieście 8",
    city: "Lublin",
    postcode: "20-102",
  },
  {
    first_name: "Jakub",
    last_name: "Woźniak",
    email: "jakub@example.com",
    phone: "608901234",
    street: "ul. Mariacka 7",
    city: "Katowice",
    postcode: "40-114",
  },
  {
    first_name: "Agnieszka",
    last_name: "Dąbrowska",
    email: "aga@example.com",
    phone: "609012345",
    street: "ul. Lipowa 14",
    city: "Białystok",
    postcode: "15-424",
  },
  {
    first_name: "Michał",
    last_name: "Kozłowski",
    email: "michal@example.com",
    phone: "600123456",
    street: "ul. Wojska Polskiego 2",
    city: "Szczecin",
    postcode: "70-475",
  },
];

export function sampleCustomer(index: number): CustomerAddress {
  return SAMPLE_CUSTOMERS[index % SAMPLE_CUSTOMERS.length] as CustomerAddress;
}

/** The checkout form's fields, each a non-empty string. */
export function readAddress(body: unknown): CustomerAddress | { missing: string[] } {
  const input = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const names = [
    "first_name",
    "last_name",
    "email",
    "phone",
    "street",
    "city",
    "postcode",
  ] as const;
  const missing = names.filter((name) => typeof input[name] !== "string" || input[name] === "");
  if (missing.length > 0) return { missing };
  return Object.fromEntries(
    names.map((name) => [name, String(input[name]).trim()]),
  ) as unknown as CustomerAddress;
}
