// Times of order rows: ISO text (or epoch) shown in the user's locale, short.
export function formatTime(value: string | number | undefined | null): string {
  if (value === undefined || value === null || value === '') return '--';
  const date = new Date(typeof value === 'number' || /^\d+$/.test(value) ? Number(value) : value);
  if (Number.isNaN(date.getTime())) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
