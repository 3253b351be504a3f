// Every GraphQL document the app sends to the Shopify Admin API, in one place
// so a test can validate each against the Admin schema of ADMIN_API_VERSION,
// with the access scopes the app asks for.

/**
 * What shipping needs of an order, read from the shop's own Admin API before
 * a parcel is bought: contact, shipping address, line items (with each
 * unit's weight from its fulfillment order line), totals, payment and
 * cancellation state, and the chosen shipping line (which names a locker).
 * Sized to stay under Shopify's query cost limit (1,000): a fulfillment
 * order's lines past the first 10 are read page by page after `endCursor`
 * (FulfillmentOrderLines); `hasNextPage` on the order's lines (100) or its
 * fulfillment orders (10: closed ones count) says the order is larger than the app reads. Each fulfillment
 * order's status and assigned location (by name: Shopify keeps location
 * names unique in a shop, and the location's id needs `read_locations`, a
 * scope the app does not ask for) say where its open lines ship from.
 */
export const SHOP_ORDER = /* GraphQL */ `
  query ShopOrder($id: ID!) {
    order(id: $id) {
      id
      legacyResourceId
      name
      email
      phone
      currencyCode
      createdAt
      updatedAt
      cancelledAt
      displayFinancialStatus
      paymentGatewayNames
      currentTotalPriceSet {
        shopMoney {
          amount
        }
      }
      currentSubtotalPriceSet {
        shopMoney {
          amount
        }
      }
      totalOutstandingSet {
        shopMoney {
          amount
        }
      }
      totalShippingPriceSet {
        shopMoney {
          amount
          currencyCode
        }
      }
      shippingAddress {
        firstName
        lastName
        company
        address1
        address2
        city
        zip
        provinceCode
        countryCodeV2
        phone
      }
      shippingLine {
        title
        code
        source
        originalPriceSet {
          shopMoney {
            amount
          }
        }
      }
      lineItems(first: 100) {
        pageInfo {
          hasNextPage
        }
        nodes {
          id
          sku
          name
          title
          quantity
          currentQuantity
          requiresShipping
          originalUnitPriceSet {
            shopMoney {
              amount
            }
          }
        }
      }
      fulfillmentOrders(first: 10) {
        pageInfo {
          hasNextPage
        }
        nodes {
          id
          status
          assignedLocation {
            name
            address1
            address2
            city
            zip
            countryCode
          }
          deliveryMethod {
            methodType
          }
          fulfillmentHolds {
            id
          }
          lineItems(first: 10) {
            pageInfo {
              hasNextPage
              endCursor
            }
            nodes {
              id
              remainingQuantity
              lineItem {
                id
              }
              weight {
                unit
                value
              }
            }
          }
        }
      }
    }
  }
`;

/**
 * The next page of a fulfillment order's lines, after `after` (ShopOrder
 * reads the first 10 of each): the line, what is left of it, its unit weight.
 */
export const FULFILLMENT_ORDER_LINES = /* GraphQL */ `
  query FulfillmentOrderLines($id: ID!, $after: String) {
    fulfillmentOrder(id: $id) {
      lineItems(first: 100, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          id
          remainingQuantity
          lineItem {
            id
          }
          weight {
            unit
            value
          }
        }
      }
    }
  }
`;

/**
 * Whether the shop has the order, and its cancellation and payment state: a
 * cheap check before the app records a delivery it will not ship now.
 */
export const ORDER_STATE = /* GraphQL */ `
  query OrderState($id: ID!) {
    order(id: $id) {
      id
      cancelledAt
      displayFinancialStatus
    }
  }
`;

/** The order's fulfillment orders and the fulfilments it already has (to fulfil once). */
export const ORDER_FULFILLMENT_STATE = /* GraphQL */ `
  query OrderFulfillmentState($id: ID!) {
    order(id: $id) {
      id
      name
      cancelledAt
      fulfillments(first: 50) {
        id
        status
        trackingInfo(first: 5) {
          company
          number
          url
        }
      }
      fulfillmentOrders(first: 5) {
        nodes {
          id
          status
          supportedActions {
            action
          }
          fulfillmentHolds {
            id
          }
          deliveryMethod {
            methodType
            serviceCode
          }
          lineItems(first: 100) {
            nodes {
              id
              remainingQuantity
            }
          }
        }
      }
    }
  }
`;

/**
 * The order a fulfillment order belongs to (a fulfillment_orders/* delivery
 * names the fulfillment order only), read from the shop's own Admin API.
 */
export const FULFILLMENT_ORDER_OWNER = /* GraphQL */ `
  query FulfillmentOrderOwner($id: ID!) {
    fulfillmentOrder(id: $id) {
      id
      status
      orderId
      orderName
    }
  }
`;

/** Fulfils the given fulfillment order lines with the shipment's tracking. */
export const FULFILLMENT_CREATE = /* GraphQL */ `
  mutation FulfillmentCreate($fulfillment: FulfillmentInput!, $message: String) {
    fulfillmentCreate(fulfillment: $fulfillment, message: $message) {
      fulfillment {
        id
        status
        trackingInfo(first: 10) {
          company
          number
          url
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** Replaces a fulfilment's tracking (a later push from the service). */
export const FULFILLMENT_TRACKING_INFO_UPDATE = /* GraphQL */ `
  mutation FulfillmentTrackingInfoUpdate(
    $fulfillmentId: ID!
    $trackingInfoInput: FulfillmentTrackingInput!
    $notifyCustomer: Boolean
  ) {
    fulfillmentTrackingInfoUpdate(
      fulfillmentId: $fulfillmentId
      trackingInfoInput: $trackingInfoInput
      notifyCustomer: $notifyCustomer
    ) {
      fulfillment {
        id
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** Tells Shopify where the parcel is (in transit, out for delivery, delivered). */
export const FULFILLMENT_EVENT_CREATE = /* GraphQL */ `
  mutation FulfillmentEventCreate($fulfillmentEvent: FulfillmentEventInput!) {
    fulfillmentEventCreate(fulfillmentEvent: $fulfillmentEvent) {
      fulfillmentEvent {
        id
        status
        happenedAt
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** Registers the checkout rate callback. */
export const CARRIER_SERVICE_CREATE = /* GraphQL */ `
  mutation CarrierServiceCreate($input: DeliveryCarrierServiceCreateInput!) {
    carrierServiceCreate(input: $input) {
      carrierService {
        id
        name
        callbackUrl
        active
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/**
 * The scopes the app asks for at install: orders, fulfilment, delivery
 * events (write_fulfillments, for fulfillmentEventCreate), checkout rates, and
 * returns (read_returns, write_returns: return parcels with their labels).
 */
export const APP_SCOPES = [
  "read_orders",
  "read_merchant_managed_fulfillment_orders",
  "write_merchant_managed_fulfillment_orders",
  "write_fulfillments",
  "write_shipping",
  "read_returns",
  "write_returns",
] as const;

/** Each document with variables of the shape the app sends, for the schema test. */
export const ADMIN_DOCUMENTS = {
  ShopOrder: {
    query: SHOP_ORDER,
    variables: { id: "gid://shopify/Order/1" },
  },
  FulfillmentOrderLines: {
    query: FULFILLMENT_ORDER_LINES,
    variables: { id: "gid://shopify/FulfillmentOrder/1", after: "cursor" },
  },
  FulfillmentOrderOwner: {
    query: FULFILLMENT_ORDER_OWNER,
    variables: { id: "gid://shopify/FulfillmentOrder/1" },
  },
  OrderState: {
    query: ORDER_STATE,
    variables: { id: "gid://shopify/Order/1" },
  },
  OrderFulfillmentState: {
    query: ORDER_FULFILLMENT_STATE,
    variables: { id: "gid://shopify/Order/1" },
  },
  FulfillmentCreate: {
    query: FULFILLMENT_CREATE,
    variables: {
      fulfillment: {
        lineItemsByFulfillmentOrder: [
          {
            fulfillmentOrderId: "gid://shopify/FulfillmentOrder/1",
            fulfillmentOrderLineItems: [
              { id: "gid://shopify/FulfillmentOrderLineItem/1", quantity: 1 },
            ],
          },
        ],
        trackingInfo: { company: "DPD", number: "0000001", url: "https://example.com/t/0000001" },
        notifyCustomer: true,
      },
    },
  },
  FulfillmentTrackingInfoUpdate: {
    query: FULFILLMENT_TRACKING_INFO_UPDATE,
    variables: {
      fulfillmentId: "gid://shopify/Fulfillment/1",
      trackingInfoInput: {
        company: "DPD",
        number: "0000001",
        url: "https://example.com/t/0000001",
      },
      notifyCustomer: false,
    },
  },
  FulfillmentEventCreate: {
    query: FULFILLMENT_EVENT_CREATE,
    variables: {
      fulfillmentEvent: {
        fulfillmentId: "gid://shopify/Fulfillment/1",
        status: "IN_TRANSIT",
        happenedAt: "2026-11-23T10:00:00Z",
        message: "W drodze",
      },
    },
  },
  CarrierServiceCreate: {
    query: CARRIER_SERVICE_CREATE,
    variables: {
      input: {
        name: "Shipbridge",
        callbackUrl: "https://app.example.com/rates",
        supportsServiceDiscovery: true,
        active: true,
      },
    },
  },
} as const;
