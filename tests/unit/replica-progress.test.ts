import { describe, expect, it } from 'vitest';
import { placesFirst } from '@/lib/site/replica/demand';
import { descendantsOf } from '@/lib/site/replica/in-memory';
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
    // Exactly an hour's worth of calls in all: 17 minutes at the minute's limit, not an hour.
    expect(loadProgress(progress(2000, 4374, 3), at(1), budget)?.secondsLeft).toBe(1038);
    // 30,000 rentals: about twelve hours.
    const large = loadProgress(progress(100, 30_000, 315), at(60), budget);
    expect(large!.secondsLeft! / 3600).toBeGreaterThan(12);
    expect(large!.secondsLeft! / 3600).toBeLessThan(12.7);
  });

  it('never says 100 % while a rental is still due', () => {
    expect(loadProgress(progress(2999, 3000, 9000), at(4000))?.percent).toBe(99);
  });
});

describe('which rentals the first load prices first', () => {
  // A country (1) with two regions (2, 3); region 2 has two towns (4, 5). Rentals: 900 in town 4, 20 in
  // town 5, 300 in region 3 itself; none in the country itself.
  const beneath = descendantsOf([
    { id: 1, parent_id: null },
    { id: 2, parent_id: 1 },
    { id: 3, parent_id: 1 },
    { id: 4, parent_id: 2 },
    { id: 5, parent_id: 2 },
  ]);
  const rentalsAt = new Map([
    [4, 900],
    [5, 20],
    [3, 300],
  ]);

  it('ranks places by searches per rental, each followed by the places beneath it that have rentals', () => {
    // The country searched most, but a town searched 10 times for its 20 rentals is answered whole sooner.
    expect(
      placesFirst(
        [
          { id: 1, searches: 100 },
          { id: 5, searches: 10 },
          { id: 3, searches: 30 },
        ],
        beneath,
        rentalsAt,
      ),
    ).toEqual([5, 3, 4]);
  });

  it('leaves the order to ids before anyone searched, and ignores places with no rentals or unknown', () => {
    expect(placesFirst([], beneath, rentalsAt)).toEqual([]);
    expect(
      placesFirst(
        [
          { id: 99, searches: 50 },
          { id: 4, searches: 1 },
        ],
        beneath,
        rentalsAt,
      ),
    ).toEqual([4]);
  });
});
