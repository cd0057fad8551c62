// Icons of the trade screens as inline paths (Material Design icons, Apache 2.0).
import { createSvgIcon } from '@mui/material/utils';

export const MenuIcon = createSvgIcon(<path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />, 'Menu');
export const ChartIcon = createSvgIcon(
  <path d="M3.5 18.49l6-6.01 4 4L22 6.92l-1.41-1.41-7.09 7.97-4-4L2 16.99z" />,
  'Chart',
);
export const AddIcon = createSvgIcon(<path d="M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z" />, 'Add');
export const RemoveIcon = createSvgIcon(<path d="M19 13H5v-2h14z" />, 'Remove');
