import { DAY_MS, MINUTE_MS, WEEK_MS } from './time';

/**
 * Weekly trading schedules, each kept in its exchange's own time zone so that it follows that
 * exchange's daylight-saving changes (CME Globex trades on New York time: in US summer every
 * session starts one hour earlier in Asia/Shanghai, which has no daylight saving). A schedule is a
 * list of sessions, each `[start, end)` in minutes since Monday 00:00 local time (0 .. 10080); a
 * session may not wrap past Sunday 24:00 (split it instead). An instrument is in trade
 * (`inTrade` 1) inside a session, else closed (0).
 */
export interface Schedule {
  id: string;
  /** The exchange's IANA time zone, in which `sessions` are written. */
  timeZone: string;
  /** One line for API.md and the schedule channel. */
  description: string;
  sessions: ReadonlyArray<readonly [number, number]>;
}

const WEEK_MIN = 7 * 24 * 60;
const hm = (day: number, hour: number, minute = 0) => day * 1440 + hour * 60 + minute;

/** Monday..Friday sessions opening at `open` (minutes of the day) and closing at `close`. */
function weekdaySessions(open: number, close: number, nextDay: boolean): Array<[number, number]> {
  const sessions: Array<[number, number]> = [];
  for (let day = 0; day < 5; day += 1) {
    sessions.push([day * 1440 + open, (nextDay ? day + 1 : day) * 1440 + close]);
  }
  return sessions;
}

/** Crypto: always open. */
export const ALWAYS: Schedule = {
  id: 'always',
  timeZone: 'UTC',
  description: '24/7',
  sessions: [[0, WEEK_MIN]],
};

/**
 * Metals, energy and US index futures, after CME Globex: Sunday 18:00 to Friday 17:00 New York time
 * with a daily break 17:00 - 18:00. In Asia/Shanghai that is Monday 07:00 to Saturday 06:00 (break
 * 06:00 - 07:00) in US winter time and one hour earlier in US summer time.
 */
export const GLOBEX: Schedule = {
  id: 'globex',
  timeZone: 'America/New_York',
  description:
    'Sun 18:00 - Fri 17:00 America/New_York, daily break 17:00 - 18:00 (Mon 07:00 - Sat 06:00 Asia/Shanghai in US winter time, one hour earlier in US summer time)',
  // Sunday 18:00 runs on into Monday (the week starts on Monday 00:00), then each evening at
  // 18:00 until 17:00 the next day; the last session ends Friday 17:00.
  sessions: [
    [0, hm(0, 17)],
    [hm(0, 18), hm(1, 17)],
    [hm(1, 18), hm(2, 17)],
    [hm(2, 18), hm(3, 17)],
    [hm(3, 18), hm(4, 17)],
    [hm(6, 18), WEEK_MIN],
  ],
};

/**
 * Hang Seng index futures (HKEX, Asia/Hong_Kong, no daylight saving): 09:15 - 12:00, 13:00 - 16:30
 * and the night session 17:15 - 03:00 (next day), Monday to Friday.
 */
export const HKEX: Schedule = {
  id: 'hkex',
  timeZone: 'Asia/Hong_Kong',
  description:
    'Mon-Fri 09:15 - 12:00, 13:00 - 16:30, 17:15 - 03:00 (next day) Asia/Hong_Kong = Asia/Shanghai (lunch and evening breaks)',
  sessions: [
    ...weekdaySessions(hm(0, 9, 15), hm(0, 12), false),
    ...weekdaySessions(hm(0, 13), hm(0, 16, 30), false),
    ...weekdaySessions(hm(0, 17, 15), hm(0, 3), true),
  ].sort((a, b) => a[0] - b[0]),
};

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** Offsets by zone, then by UTC quarter hour (numbers as keys: no key text built per call). */
const offsetCache = new Map<string, Map<number, number>>();

/**
 * The zone's offset from UTC at instant `t` (ms; local = t + offset). Zones change offset on whole
 * UTC quarter hours, so the answer is cached per zone and quarter hour.
 */
export function zoneOffsetMs(timeZone: string, t: number): number {
  if (timeZone === 'UTC') return 0;
  const quarter = Math.floor(t / (15 * MINUTE_MS));
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsetCache.set(timeZone, zone);
  }
  const cached = zone.get(quarter);
  if (cached !== undefined) return cached;
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    offsetFormats.set(timeZone, format);
  }
  const at = quarter * 15 * MINUTE_MS;
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(at)) parts[part.type] = Number(part.value);
  const local = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  const offset = local - at;
  if (zone.size > 50_000) zone.clear();
  zone.set(quarter, offset);
  return offset;
}

/** The instant of a local wall-clock time `local` (ms since the epoch as if the zone were UTC). */
function instantOf(timeZone: string, local: number): number {
  const guess = local - zoneOffsetMs(timeZone, local);
  return local - zoneOffsetMs(timeZone, guess);
}

/** Local ms of the Monday 00:00 that starts the local week holding local time `local`. */
function localWeekStart(local: number): number {
  const day = Math.floor(local / DAY_MS);
  const weekday = (day + 3) % 7; // 1970-01-01 was a Thursday
  return (day - weekday) * DAY_MS;
}

export function isOpen(schedule: Schedule, t: number): boolean {
  if (schedule === ALWAYS) return true;
  const local = t + zoneOffsetMs(schedule.timeZone, t);
  const minute = (local - localWeekStart(local)) / MINUTE_MS;
  for (const [a, b] of merged(schedule)) if (minute >= a && minute < b) return true;
  return false;
}

const mergedCache = new WeakMap<Schedule, Array<[number, number]>>();

/** Sessions sorted and merged where they touch (minutes of the week). */
function merged(schedule: Schedule): Array<[number, number]> {
  let result = mergedCache.get(schedule);
  if (!result) {
    result = [];
    for (const [a, b] of [...schedule.sessions].sort((x, y) => x[0] - y[0])) {
      const last = result[result.length - 1];
      if (last && a <= last[1]) last[1] = Math.max(last[1], b);
      else result.push([a, b]);
    }
    mergedCache.set(schedule, result);
  }
  return result;
}

/** Session boundaries (epoch ms) of the local week that starts at local ms `weekStart`. */
function boundaries(schedule: Schedule, weekStart: number): Array<[number, number]> {
  return merged(schedule).map(([a, b]) => [
    instantOf(schedule.timeZone, weekStart + a * MINUTE_MS),
    instantOf(schedule.timeZone, weekStart + b * MINUTE_MS),
  ]);
}

/** Local ms of the Monday that starts the local week of instant `t`, one week earlier. */
function firstWeek(schedule: Schedule, t: number): number {
  return localWeekStart(t + zoneOffsetMs(schedule.timeZone, t)) - WEEK_MS;
}

/**
 * The next instant after `t` at which `inTrade` flips (epoch ms), or undefined for an always-open
 * schedule. Sessions touching across a week boundary count as one.
 */
export function nextChange(schedule: Schedule, t: number): number | undefined {
  if (schedule === ALWAYS || schedule.sessions.length === 0) return undefined;
  const open = isOpen(schedule, t);
  let weekStart = firstWeek(schedule, t);
  for (let week = 0; week < 4; week += 1, weekStart += WEEK_MS) {
    for (const [a, b] of boundaries(schedule, weekStart)) {
      const edge = open ? b : a;
      // A session ending at Sunday 24:00 that continues at Monday 00:00 is not a change.
      if (edge > t && isOpen(schedule, edge) !== open) return edge;
    }
  }
  return undefined;
}

/** Milliseconds of trading inside `[from, to)`. */
export function openMs(schedule: Schedule, from: number, to: number): number {
  if (to <= from) return 0;
  if (schedule === ALWAYS) return to - from;
  let total = 0;
  // Start a week early: a local week can begin up to a day after the instant `from`.
  for (let weekStart = firstWeek(schedule, from); ; weekStart += WEEK_MS) {
    const spans = boundaries(schedule, weekStart);
    if (spans.length === 0 || spans[0]![0] >= to) break;
    for (const [start, end] of spans) {
      const lo = start > from ? start : from;
      const hi = end < to ? end : to;
      if (hi > lo) total += hi - lo;
    }
  }
  return total;
}
