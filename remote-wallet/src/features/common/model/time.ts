// List times: the app's one time policy (Asia/Shanghai, labelled), from @app/shared.
import { formatDateTime } from '@app/shared';

/** An ISO time as 'YYYY-MM-DD HH:mm:ss UTC+8'; other text as sent. */
export function formatTime(iso: string | null | undefined): string {
  return formatDateTime(iso);
}
