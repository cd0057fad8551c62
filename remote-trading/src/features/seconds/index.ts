// The public entry of the seconds feature: what other features of this remote may use.
export { SecondsForm } from './components/SecondsForm';
export { SecondsOrders } from './components/SecondsOrders';
export { SecondsPopup } from './components/SecondsPopup';
export { useSecondsOrders } from './hooks/useSecondsOrders';
export { type SecondsOrder } from './model/seconds';
