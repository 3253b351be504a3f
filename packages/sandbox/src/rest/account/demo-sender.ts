// The demo shop's address: the sender (and pickup address) of the templates a
// new account starts with, and of the sample packages the REST tests send.
export const DEMO_SENDER = {
  name: "Jan Kowalski",
  company: "Demo Sklep sp. z o.o.",
  street: "Marszałkowska 10",
  postcode: "00-590",
  city: "Warszawa",
  country_code: "PL",
  phone: "600100200",
  email: "sklep@example.com",
} as const;
