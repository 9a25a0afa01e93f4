import { describe, expect, it } from 'vitest';
import { type LoadBudget, loadProgress, type ReplicaProgress } from '@/lib/site/replica/load';

/*
 * What the results say of the replica's first load: how far it is and how long it has left, at its pace and
 * within the vendor's limits (the README's figures: 3,000 rentals take about 1 h 5 min at the default budget).
 */

const START = new Date('2026-11-26T10:00:00Z');
const at = (seconds: number) => new Date(START.getTime() + seconds * 1000);
/** The default site budget's load share: 75 % of 550 a minute and 9,500 an hour. */
const budget: LoadBudget = { perMinute: 412, perHour: 7125 };
const progress = (loaded: number, of: number, calls: number): ReplicaProgress => ({
  phase: 'areas',
  properties: of,
  due: of - loaded,
  dueAreas: (of - loaded) * 3,
  calls,
  startedAt: START,
  completedAt: null,
});

describe('the replica’s first load, as the results tell it', () => {
  it('says nothing of time before a rental is in, and nothing once complete', () => {
    expect(loadProgress(null)).toEqual({ percent: 0, secondsLeft: null });
    expect(loadProgress({ ...progress(0, 3000, 15), phase: 'listing' }, at(10))).toEqual({
      percent: 0,
      secondsLeft: null,
    });
    expect(loadProgress({ ...progress(3000, 3000, 9015), phase: 'complete' }, at(4000))).toBeNull();
  });

  it('keeps to the pace so far when no budget holds it back', () => {
    // 300 of 3,000 in 2 minutes: 2,700 more at 150 a minute is 18 minutes.
    expect(loadProgress(progress(300, 3000, 915), at(120))).toEqual({ percent: 10, secondsLeft: 1080 });
  });

  it('waits out the hour’s limit: a fast first minute does not promise a fast hour', () => {
    // A minute in at the minute's limit: 9,000 calls in all, the hour allows 7,125, so the rest waits for it.
    const early = loadProgress(progress(137, 3000, 412), at(60), budget);
    expect(early?.secondsLeft).toBeGreaterThan(3600);
    expect(early?.secondsLeft).toBeLessThan(3900); // about 1 h 4 min in all
    // Past the hour: what is left runs at the minute's limit.
    const late = loadProgress(progress(2900, 3000, 8715), at(3700), budget);
    // 9,015 calls in all: the hour's 7,125, then 1,890 at 412 a minute (4.6 min) once the hour has passed.
    expect(late?.secondsLeft).toBe(176);
    // 30,000 rentals: about twelve hours.
    const large = loadProgress(progress(100, 30_000, 315), at(60), budget);
    expect(large!.secondsLeft! / 3600).toBeGreaterThan(12);
    expect(large!.secondsLeft! / 3600).toBeLessThan(12.7);
  });

  it('never says 100 % while a rental is still due', () => {
    expect(loadProgress(progress(2999, 3000, 9000), at(4000))?.percent).toBe(99);
  });
});
