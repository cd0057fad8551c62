// The public entry of the trading feature: what other features of this remote may use.
export { Figures } from './components/Figures';
export { Later } from './components/Later';
export { SuggestedField } from './components/SuggestedField';
export { LiveField } from './components/LiveField';
export { formatOrderPrice, formatTime } from './model/format';
export { tradeMessages } from './model/messages';
export { SideToggle } from './components/SideToggle';
export { OrderTypeSelect } from './components/OrderTypeSelect';
