// Inline Material Design icon paths (Apache 2.0): no icon package in the bundle.
import { createSvgIcon } from '@mui/material/utils';

export const DepositIcon = createSvgIcon(<path d="M19 9h-4V3H9v6H5l7 7zM5 18v2h14v-2z" />, 'Deposit');
export const WithdrawIcon = createSvgIcon(<path d="M9 16h6v-6h4l-7-7-7 7h4zm-4 2h14v2H5z" />, 'Withdraw');
export const SwapIcon = createSvgIcon(
  <path d="M6.99 11 3 15l3.99 4v-3H14v-2H6.99zM21 9l-3.99-4v3H10v2h7.01v3z" />,
  'Swap',
);
export const WalletIcon = createSvgIcon(
  <path d="M21 18v1c0 1.1-.9 2-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h14c1.1 0 2 .9 2 2v1h-9a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2zm-9-2h10V8H12zm4-2.5c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5" />,
  'Wallet',
);
export const ChevronIcon = createSvgIcon(
  <path d="M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z" />,
  'Chevron',
);
export const CloseIcon = createSvgIcon(
  <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />,
  'Close',
);
export const DeleteIcon = createSvgIcon(
  <path d="M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z" />,
  'Delete',
);
