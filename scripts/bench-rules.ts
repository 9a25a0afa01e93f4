// `npm run bench:rules`: what the stay rules cost on the calendars an upstream may send, in-process: a
// property with a hold to 9999-12-31 and a block from 0001-01-01 (ranges returned whole, as the API document
// allows) beside one with ordinary stays. Prints microseconds per call of indexing the ranges (occupancyOf),
// a day's verdict (bookedNight), a stay's (availabilityProblem) and the calendar's cut (clipRanges). Bounded:
// about a second per figure.
import { addDays, today } from '../lib/dates';
import { availabilityProblem, type BookedRange, clipRanges, occupancyOf } from '../lib/rules';

const day = today();
const range = (checkin: string, checkout: string): BookedRange => ({
  checkin,
  checkout,
  checkin_full_day: true,
  checkout_full_day: true,
});
const ordinary = Array.from({ length: 60 }, (_, i) => range(addDays(day, i * 12), addDays(day, i * 12 + 7)));
const forever = [
  range('0001-01-01', addDays(day, 3)),
  ...ordinary.slice(0, 20),
  range(addDays(day, 300), '9999-12-31'),
];

/** Microseconds per call of `work`, over about `ms` milliseconds. */
function perCall(work: (i: number) => unknown, ms = 1000): number {
  let calls = 0;
  const started = performance.now();
  while (performance.now() - started < ms) {
    for (let i = 0; i < 100; i++) work(calls + i);
    calls += 100;
  }
  return ((performance.now() - started) * 1000) / calls;
}

for (const [name, ranges] of [
  ['60 ordinary stays', ordinary],
  ['holds from 0001-01-01 and to 9999-12-31', forever],
] as const) {
  const o = occupancyOf(ranges);
  const figures = {
    occupancyOf: perCall(() => occupancyOf(ranges)),
    bookedNight: perCall((i) => o.bookedNight(addDays(day, i % 1000))),
    availabilityProblem: perCall((i) =>
      availabilityProblem(o, addDays(day, i % 900), addDays(day, (i % 900) + 7)),
    ),
    clipRanges: perCall(() => clipRanges(ranges, day, addDays(day, 761))),
  };
  console.log(
    `${name.padEnd(42)} ${Object.entries(figures)
      .map(([k, v]) => `${k} ${v.toFixed(2)} µs`)
      .join(' · ')}`,
  );
}
