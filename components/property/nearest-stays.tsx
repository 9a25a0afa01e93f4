'use client';

import { useMemo } from 'react';
import { plural, showRange } from '@/lib/site/browser';
import { CALENDAR_DAYS } from '@/lib/site/browser/calendar-rules';
import { nearestFor } from '@/lib/site/browser/stay-nearest';
import { useStay } from './stay-context';

const range = (checkin: string, checkout: string) => showRange(checkin, checkout, { weekdays: false });

/**
 * The nearest stays the rules allow instead of a refused one (lib/site/browser/stay-nearest.ts), each a
 * button that makes it the page's stay; `onChoose` hears the stay chosen, as the line that then says it.
 */
export default function NearestStays({ onChoose }: { onChoose: (said: string) => void }) {
  const { stay, refusal, data, today, change } = useStay();
  const nearest = useMemo(
    () => (refusal ? nearestFor(stay, refusal, data, today, CALENDAR_DAYS) : []),
    [stay, refusal, data, today],
  );
  if (!nearest.length) return null;
  return (
    <>
      <p className="mt-2 font-medium">Nearest stays available:</p>
      <ul className="mt-1 flex flex-wrap gap-2">
        {nearest.map((s) => (
          <li key={s.checkin}>
            <button
              type="button"
              onClick={() => {
                onChoose(`${range(s.checkin, s.checkout)}, ${plural(s.nights, 'night')}`);
                change({ checkin: s.checkin, checkout: s.checkout });
              }}
              className="rounded-full bg-white px-3 py-1 font-medium text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              {range(s.checkin, s.checkout)} · {plural(s.nights, 'night')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
