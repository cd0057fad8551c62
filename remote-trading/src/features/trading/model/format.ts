// Times of order rows: the app's one time policy (Asia/Shanghai, labelled), from @app/shared.
import { formatDateTime } from '@app/shared';

export function formatTime(value: string | number | undefined | null): string {
  return formatDateTime(value) || '--';
}
