// @shipbridge/medusa-picker/react: the pickup-point picker as a React
// component (React 18 or later), on the framework-free client of the root.
export { PickupPointPicker, type PickupPointPickerProps } from "./pickup-point-picker.tsx";
export { PointMap, type PointMapProps } from "./point-map.tsx";
