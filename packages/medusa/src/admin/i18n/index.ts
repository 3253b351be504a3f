// The plugin's texts that Medusa's admin itself translates (the sidebar's
// labels of the plugin's pages), in the `shipbridge` namespace, English and
// Polish; the pages' own texts are in lib/messages.ts.
export default {
  en: { shipbridge: { shipping: "Shipping" } },
  pl: { shipbridge: { shipping: "Wysyłka" } },
};
