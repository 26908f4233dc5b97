/** A clock the fake reads instead of Date.now, so tests can let hours and days pass at once. */
export interface FakeClock {
  now(): number;
  advance(ms: number): void;
  set(time: number | string | Date): void;
}

/** Starts at `start` (default 2026-01-01T09:00:00Z) and moves only when told. */
export function createClock(start: number | string | Date = '2026-01-01T09:00:00.000Z'): FakeClock {
  let current = toMs(start);
  return {
    now: () => current,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new Error(`clock.advance: ${ms} is not a duration`);
      current += ms;
    },
    set(time) {
      current = toMs(time);
    },
  };
}

function toMs(time: number | string | Date): number {
  const ms = typeof time === 'number' ? time : new Date(time).getTime();
  if (!Number.isFinite(ms)) throw new Error(`clock: ${String(time)} is not a time`);
  return ms;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
