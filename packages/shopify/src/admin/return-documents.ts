// The GraphQL documents of returns the app sends to the Shopify Admin API:
// reading a return (its status, the order's customer and shipping line, the
// returned lines with their weights, its reverse fulfillment orders and the
// reverse deliveries already attached), and attaching the return parcel's
// label and tracking to a reverse fulfillment order. Validated against the
// Admin schema with the app's scopes by return-documents.test.ts.

/**
 * One return as shipping it needs it. Sized under Shopify's query cost limit:
 * 50 returned lines, 5 reverse fulfillment orders of 50 lines and 10
 * deliveries each (a return of more is not shipped: the merchant sees why).
 */
export const SHOP_RETURN = /* GraphQL */ `
  query ShopReturn($id: ID!) {
    return(id: $id) {
      id
      name
      status
      order {
        id
        legacyResourceId
        name
        email
        phone
        shippingAddress {
          firstName
          lastName
          company
          address1
          address2
          city
          zip
          countryCodeV2
          phone
        }
        shippingLine {
          code
        }
      }
      returnLineItems(first: 50) {
        nodes {
          id
          quantity
          ... on ReturnLineItem {
            totalWeight {
              unit
              value
            }
            fulfillmentLineItem {
              id
              lineItem {
                id
                name
                sku
              }
            }
          }
        }
        pageInfo {
          hasNextPage
        }
      }
      reverseFulfillmentOrders(first: 5) {
        nodes {
          id
          status
          lineItems(first: 50) {
            nodes {
              id
              totalQuantity
            }
          }
          reverseDeliveries(first: 10) {
            nodes {
              id
              deliverable {
                ... on ReverseDeliveryShippingDeliverable {
                  tracking {
                    number
                    url
                  }
                  label {
                    publicFileUrl
                  }
                }
              }
            }
          }
        }
      }
    }
  }
`;

/**
 * Attaches the return parcel's label (by a URL of the app that serves it,
 * signed and short-lived) and tracking to a reverse fulfillment order's
 * lines; Shopify shows both on the return and e-mails the customer.
 */
export const ATTACH_RETURN_LABEL = /* GraphQL */ `
  mutation AttachReturnLabel(
    $reverseFulfillmentOrderId: ID!
    $lines: [ReverseDeliveryLineItemInput!]!
    $label: ReverseDeliveryLabelInput
    $tracking: ReverseDeliveryTrackingInput
  ) {
    reverseDeliveryCreateWithShipping(
      reverseFulfillmentOrderId: $reverseFulfillmentOrderId
      reverseDeliveryLineItems: $lines
      labelInput: $label
      trackingInput: $tracking
      notifyCustomer: true
    ) {
      reverseDelivery {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** The scopes returns need: reading returns and attaching deliveries to them. */
export const RETURN_SCOPES = ["read_returns", "write_returns"] as const;

/** Each document with variables of the shape the app sends, for the schema test. */
export const RETURN_DOCUMENTS = {
  ShopReturn: { query: SHOP_RETURN, variables: { id: "gid://shopify/Return/1" } },
  AttachReturnLabel: {
    query: ATTACH_RETURN_LABEL,
    variables: {
      reverseFulfillmentOrderId: "gid://shopify/ReverseFulfillmentOrder/1",
      lines: [
        {
          reverseFulfillmentOrderLineItemId: "gid://shopify/ReverseFulfillmentOrderLineItem/1",
          quantity: 1,
        },
      ],
      label: { fileUrl: "https://ship.example.com/returns/label/token" },
      tracking: { number: "6250000000001", url: "https://furgonetka.pl/zlokalizuj/6250000000001" },
    },
  },
} as const;
