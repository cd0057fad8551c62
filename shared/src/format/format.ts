// The one formatting module: prices, amounts, compact volumes, currencies, dates and times.
// Decimal strings in, text out; built on the decimal helpers, so numbers are truncated, never
// rounded (doc 2 §9), and never pass through a JS float.
//
// Time zone policy: every time the app shows is in the platform's zone, Asia/Shanghai (UTC+8),
// the zone the spec gives the chart (doc 1 §2). Lists use the same zone as the chart and say so
// with the TIME_ZONE_LABEL suffix, so an order placed at a candle's time shows the same time.
import { intlLocale } from '../i18n/i18n';
import { decimalPlacesOf, plainDecimal, truncate, type DecimalInput } from '../decimal/decimal';

export const DISPLAY_TIME_ZONE = 'Asia/Shanghai';
/** Shown after list times (language-neutral, like a currency code). */
export const TIME_ZONE_LABEL = 'UTC+8';

const PLACEHOLDER = '--';

/** The value in plain notation ('1.50' -> '1.5'), or null when it is not a finite decimal. */
function finite(value: DecimalInput): string | null {
  return plainDecimal(value);
}

/** Thousands separators in the integer part: '-65000.12' -> '-65,000.12'. */
function groupThousands(text: string): string {
  const [int = '', frac] = text.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+$)/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/** The number of decimals a decimal string carries ("65000.10" -> 2). */
export function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/**
 * A price at the instrument's precision, truncated, with thousands separators:
 * formatPrice('65000.129', 2) === '65,000.12'. Without a precision, the decimals the wire
 * value carries. '--' for a missing or malformed value.
 */
export function formatPrice(value: DecimalInput, precision?: number): string {
  const d = finite(value);
  if (!d) return PLACEHOLDER;
  const places =
    precision ?? (typeof value === 'string' ? decimalsOf(value.trim()) : (decimalPlacesOf(d) ?? 0));
  return groupThousands(truncate(d, places));
}

/**
 * An amount at the coin's precision, truncated (fixed places, no separators, so it reads as
 * the number to type): formatAmount('0.123456789', 6) === '0.123456'.
 */
export function formatAmount(value: DecimalInput, precision: number): string {
  if (!finite(value)) return PLACEHOLDER;
  return truncate(value, precision);
}

/** Like formatAmount, without trailing zeros: formatAmountTrimmed('1.50000000', 8) === '1.5'. */
export function formatAmountTrimmed(value: DecimalInput, precision: number): string {
  if (!finite(value)) return PLACEHOLDER;
  return plainDecimal(truncate(value, precision)) ?? PLACEHOLDER;
}

const compactFormats = new Map<string, Intl.NumberFormat>();

/**
 * A volume in the reader's compact notation, truncated to 2 decimals: '4712451.9' ->
 * '4.71M' (en), '471.24万' (zh). The exact decimal string goes to Intl (which formats strings
 * as exact decimals), never a float.
 */
export function formatCompact(value: DecimalInput, locale: string): string {
  const d = finite(value);
  if (!d) return PLACEHOLDER;
  const tag = intlLocale(locale);
  let f = compactFormats.get(tag);
  if (!f) {
    f = new Intl.NumberFormat(tag, {
      notation: 'compact',
      maximumFractionDigits: 2,
      roundingMode: 'trunc',
    } as Intl.NumberFormatOptions);
    compactFormats.set(tag, f);
  }
  // Intl.NumberFormat v3 accepts a decimal string as an exact value; the types lag behind.
  return (f.format as (v: string) => string)(d);
}

/** An amount with its currency code after it: formatMoney('7.2', 'CNY', 2) === '7.20 CNY'. */
export function formatMoney(value: DecimalInput, currency: string, precision?: number): string {
  const d = finite(value);
  if (!d) return `${PLACEHOLDER} ${currency}`;
  return `${formatPrice(typeof value === 'string' ? value.trim() : d, precision)} ${currency}`;
}

// ---- dates and times -------------------------------------------------------------------------

/** A Date from ISO text, epoch milliseconds (number or digits) or epoch seconds (10 digits). */
export function parseTime(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  let date: Date;
  if (typeof value === 'number' || /^\d+$/.test(value)) {
    const n = Number(value);
    date = new Date(n < 1e11 ? n * 1000 : n);
  } else {
    date = new Date(value);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Asia/Shanghai has been UTC+8 all year since China's last daylight saving time ended in
 * September 1991: from 1992 on, its wall time is the UTC time 8 hours later, no Intl needed.
 * (Building an Intl.DateTimeFormat with a time zone loads the zone data: about 80 ms under a
 * phone's CPU, a long task when it ran while this module was evaluated at start-up.)
 */
const FIXED_OFFSET_SINCE = Date.UTC(1992, 0, 1);
/** toISOString's form changes at the year 10000. */
const FIXED_OFFSET_UNTIL = Date.UTC(9999, 11, 31);

/** Other dates (none in this app's data) go through Intl, built at their first use. */
let zoneFormat: Intl.DateTimeFormat | undefined;

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai. */
function zoned(date: Date): string {
  const t = date.getTime();
  if (t >= FIXED_OFFSET_SINCE && t < FIXED_OFFSET_UNTIL)
    return new Date(t + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
  // Swedish writes dates and times in this form.
  zoneFormat ??= new Intl.DateTimeFormat('sv-SE', {
    timeZone: DISPLAY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return zoneFormat.format(date);
}

export interface TimeFormatOptions {
  /** Append the zone label (lists): '2026-11-24 18:16:38 UTC+8'. Default true. */
  label?: boolean;
  /** Show seconds. Default true. */
  seconds?: boolean;
}

/** Date and time in Asia/Shanghai, 'YYYY-MM-DD HH:mm:ss UTC+8'; '' for a missing value. */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  { label = true, seconds = true }: TimeFormatOptions = {},
): string {
  const date = parseTime(value);
  if (!date) return typeof value === 'string' && value !== '' ? value : '';
  return `${zoned(date).slice(0, seconds ? 19 : 16)}${label ? ` ${TIME_ZONE_LABEL}` : ''}`;
}

/** The date alone in Asia/Shanghai, 'YYYY-MM-DD'; '' for a missing value. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = parseTime(value);
  if (!date) return '';
  return zoned(date).slice(0, 10);
}

/** The time of day in Asia/Shanghai, 'HH:mm:ss' (the chart's trade list). */
export function formatClock(value: string | number | Date | null | undefined): string {
  const date = parseTime(value);
  if (!date) return '--';
  return zoned(date).slice(11);
}
