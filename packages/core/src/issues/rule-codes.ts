// The stable, machine-readable codes of every validation rule. Code branches on
// `issue.rule`; people read `issue.message`. Codes never change once published.
export const RULE_CODES = {
  // Shape of the input (from the schemas).
  required: "required",
  invalid_type: "invalid_type",
  invalid_value: "invalid_value",
  invalid_format: "invalid_format",
  too_small: "too_small",
  too_big: "too_big",
  unknown_field: "unknown_field",
  reserved_character: "reserved_character",
  service_required: "service_required",
  location_required: "location_required",
  input_unreadable: "input_unreadable",
  // Ranges in requests.
  pickup_window_invalid: "pickup_window_invalid",
  date_range_invalid: "date_range_invalid",
  // Renames and removals in the API's history.
  field_removed: "field_removed",
  field_renamed: "field_renamed",
  field_renamed_duplicate: "field_renamed_duplicate",
  value_renamed: "value_renamed",
  digital_label_legacy: "digital_label_legacy",
  legacy_field_read: "legacy_field_read",
  // Regions and countries.
  regions_with_country_code: "regions_with_country_code",
  country_invalid: "country_invalid",
  country_not_supported: "country_not_supported",
  country_unverified: "country_unverified",
  // Additional services.
  flag_not_offered: "flag_not_offered",
  delivery_time_out_of_range: "delivery_time_out_of_range",
  delivery_time_invalid: "delivery_time_invalid",
  postal_flag_forbidden: "postal_flag_forbidden",
  postal_contract_unknown: "postal_contract_unknown",
  postal_express_default: "postal_express_default",
  // Addresses supplied by a carrier contract.
  address_required: "address_required",
  // Rules merchants trip over.
  text_forbidden_character: "text_forbidden_character",
  receiver_name_incomplete: "receiver_name_incomplete",
  phone_invalid: "phone_invalid",
  /** The postcode does not fit its country's written form (Polish NN-NNN, Czech NNN NN...). */
  postcode_invalid: "postcode_invalid",
  /** A common typing of a postcode was rewritten to its country's form (80831 to 80-831). */
  postcode_normalized: "postcode_normalized",
  /** A Polish postcode that the service's city list gives to other cities than the address's. */
  postcode_city_mismatch: "postcode_city_mismatch",
  /** A street with no house number where a courier must find the door. */
  house_number_missing: "house_number_missing",
  dimension_invalid: "dimension_invalid",
  dimension_rounded: "dimension_rounded",
  weight_invalid: "weight_invalid",
  cod_amount_invalid: "cod_amount_invalid",
  iban_required: "iban_required",
  iban_invalid: "iban_invalid",
  // Payments (topping up the account).
  amount_whole_grosze: "amount_whole_grosze",
  currency_not_supported: "currency_not_supported",
  // Checks only the service can make, against the account's state: it answers
  // them in its 400s with these codes and messages.
  service_unavailable: "service_unavailable",
  carrier_unknown: "carrier_unknown",
  carrier_mismatch: "carrier_mismatch",
  pickup_unavailable: "pickup_unavailable",
  pickup_one_carrier: "pickup_one_carrier",
  /** The sender hands the package in at a point or locker (its pickup.point): no courier comes for it. */
  pickup_not_needed: "pickup_not_needed",
  pickup_date_unavailable: "pickup_date_unavailable",
  pickup_outside_window: "pickup_outside_window",
  /** A package's pickup or receiver point is unknown, closed, on holiday or of another carrier. */
  point_unavailable: "point_unavailable",
  // A carrier's limits, when a price quote refuses a parcel.
  carrier_weight_limit: "carrier_weight_limit",
  carrier_length_limit: "carrier_length_limit",
  // The packages of a command (ordering, cancelling, a pickup, documents).
  package_listed_twice: "package_listed_twice",
  package_not_found: "package_not_found",
  package_not_ordered: "package_not_ordered",
  package_already_ordered: "package_already_ordered",
  package_cancelled: "package_cancelled",
  package_already_cancelled: "package_already_cancelled",
  package_not_cancellable: "package_not_cancellable",
  /** A handover protocol serves one carrier: a package of another carrier than the protocol's first. */
  protocol_one_carrier: "protocol_one_carrier",
  /** A handover protocol is a PDF: it cannot be asked for as ZPL. */
  protocol_pdf_only: "protocol_pdf_only",
  // The orders and options of a batch (shipBatch).
  /** An option of shipOrder that a batch does not take (the package reference, the label format). */
  not_a_batch_option: "not_a_batch_option",
  /** An order id given twice in one batch (compared as shipOrder names orders: trimmed). */
  order_listed_twice: "order_listed_twice",
  // Tracking pushes received by a shop.
  tracking_push_control_mismatch: "tracking_push_control_mismatch",
  // Warnings of the order-to-package mapping (toPackage, shipOrder).
  /** The order's pickup point belongs to another carrier than the chosen service; it was left out. */
  pickup_point_dropped: "pickup_point_dropped",
  /** The chosen service's carrier is unknown (a service_id without account services); the point was kept unchecked. */
  pickup_point_unverified: "pickup_point_unverified",
  /** Bidi override characters were removed from an address text; they change its display, not its content. */
  bidi_characters_removed: "bidi_characters_removed",
  // Parcels of one order: the merchant's boxes and an explicit split.
  /** An item is heavier or larger than every box the merchant ships in (or the carrier's limits). */
  item_fits_no_box: "item_fits_no_box",
  /** An explicit split places more or fewer units of an item than the order has. */
  split_quantity_mismatch: "split_quantity_mismatch",
  /** Cash on delivery split by parcel value: the service takes COD for the whole package only. */
  cod_split_unsupported: "cod_split_unsupported",
} as const;

export type RuleCode = (typeof RULE_CODES)[keyof typeof RULE_CODES];
