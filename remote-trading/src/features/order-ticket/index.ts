// The order ticket of the trading forms and the order lists (spot, leveraged, seconds).
export {
  useOrderTicket,
  type OrderTicket,
  type OrderTicketOptions,
  type TicketCheck,
} from './useOrderTicket';
export { OrderList, OrderListSkeleton, type OrderListProps, type OrderListTab } from './OrderList';
