import { DAY_MS, MINUTE_MS, SHANGHAI_OFFSET_MS, WEEK_MS } from './time';

/**
 * Weekly trading schedules in Asia/Shanghai time (UTC+8, no daylight saving). A schedule is a list
 * of sessions, each `[start, end)` in minutes since Monday 00:00 Shanghai (0 .. 10080); a session
 * may not wrap past Sunday 24:00 (split it instead). An instrument is in trade (`inTrade` 1) inside
 * a session, else closed (0).
 */
export interface Schedule {
  id: string;
  /** One line for API.md and the schedule channel. */
  description: string;
  sessions: ReadonlyArray<readonly [number, number]>;
}

const WEEK_MIN = 7 * 24 * 60;
const hm = (day: number, hour: number, minute = 0) => day * 1440 + hour * 60 + minute;

/** Monday..Friday sessions opening at `open` (minutes of the day) and closing `length` minutes later. */
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
  description: '24/7',
  sessions: [[0, WEEK_MIN]],
};

/**
 * Metals, energy and US index futures, after CME Globex (Sunday 18:00 - Friday 17:00 New York,
 * daily break 17:00 - 18:00, taken at US winter time): Monday 07:00 to Saturday 06:00 Shanghai with a
 * one-hour break 06:00 - 07:00 every day.
 */
export const GLOBEX: Schedule = {
  id: 'globex',
  description: 'Mon 07:00 - Sat 06:00 Asia/Shanghai, daily break 06:00 - 07:00',
  sessions: weekdaySessions(hm(0, 7), hm(0, 6), true),
};

/**
 * Hang Seng index futures (HKEX, same clock as Shanghai): 09:15 - 12:00, 13:00 - 16:30 and the
 * night session 17:15 - 03:00 (next day), Monday to Friday.
 */
export const HKEX: Schedule = {
  id: 'hkex',
  description:
    'Mon-Fri 09:15 - 12:00, 13:00 - 16:30, 17:15 - 03:00 (next day) Asia/Shanghai (lunch and evening breaks)',
  sessions: [
    ...weekdaySessions(hm(0, 9, 15), hm(0, 12), false),
    ...weekdaySessions(hm(0, 13), hm(0, 16, 30), false),
    ...weekdaySessions(hm(0, 17, 15), hm(0, 3), true),
  ].sort((a, b) => a[0] - b[0]),
};

/** Minutes (with fraction) since Monday 00:00 Shanghai for `t`, and the epoch ms of that Monday. */
function weekPosition(t: number): { weekStart: number; minute: number } {
  const local = t + SHANGHAI_OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  const weekday = (day + 3) % 7; // 1970-01-01 was a Thursday
  const weekStart = (day - weekday) * DAY_MS - SHANGHAI_OFFSET_MS;
  return { weekStart, minute: (t - weekStart) / MINUTE_MS };
}

export function isOpen(schedule: Schedule, t: number): boolean {
  if (schedule === ALWAYS) return true;
  const { minute } = weekPosition(t);
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

/** Session boundaries (epoch ms) of the week that starts at `weekStart`. */
function boundaries(schedule: Schedule, weekStart: number): Array<[number, number]> {
  return merged(schedule).map(([a, b]) => [weekStart + a * MINUTE_MS, weekStart + b * MINUTE_MS]);
}

/**
 * The next instant after `t` at which `inTrade` flips (epoch ms), or undefined for an always-open
 * schedule. Sessions touching across a week boundary count as one.
 */
export function nextChange(schedule: Schedule, t: number): number | undefined {
  if (schedule === ALWAYS || schedule.sessions.length === 0) return undefined;
  const open = isOpen(schedule, t);
  let { weekStart } = weekPosition(t);
  for (let week = 0; week < 3; week += 1, weekStart += WEEK_MS) {
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
  const sessions = merged(schedule);
  let { weekStart } = weekPosition(from);
  for (; weekStart < to; weekStart += WEEK_MS) {
    for (const [a, b] of sessions) {
      const start = weekStart + a * MINUTE_MS;
      const end = weekStart + b * MINUTE_MS;
      const lo = start > from ? start : from;
      const hi = end < to ? end : to;
      if (hi > lo) total += hi - lo;
    }
  }
  return total;
}
