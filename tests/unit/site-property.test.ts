import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Html } from '@/components/property/details';
import { calendarOf } from '@/lib/site/browser/calendar-rules';
import { bedroomsPriced, minimumStay } from '@/lib/site/browser/stay-rules';
import { safeHtml } from '@/lib/site/html';

describe('HTML from the API', () => {
  it('renders inert: no script, no event attribute, no javascript: link, no style', () => {
    const hostile =
      '<p onclick="steal()">Sea <b>view</b><script>alert(1)</script><img src=x onerror="alert(2)"></p>' +
      '<a href="javascript:alert(3)">x</a><a href="https://example.com/area" onmouseover="y()">area</a>' +
      '<iframe src="https://evil.example"></iframe><p style="position:fixed">z</p>';
    const html = renderToStaticMarkup(Html({ html: hostile })!);
    expect(html).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|<img|<iframe|style=/i);
    expect(html).toContain('Sea <b>view</b>');
    expect(html).toContain(
      '<a href="https://example.com/area" rel="noopener noreferrer nofollow" target="_blank">area</a>',
    );
    expect(safeHtml(null)).toBe('');
  });
});

describe('the booked-date calendar', () => {
  const today = '2027-03-01';
  const ranges = [
    {
      checkin: '2027-03-10',
      checkout: '2027-03-14',
      checkin_full_day: false,
      checkout_full_day: true,
      status: 'confirmed',
    },
    {
      checkin: '2027-03-20',
      checkout: '2027-03-22',
      checkin_full_day: true,
      checkout_full_day: false,
      status: 'hold',
    },
  ];
  const c = calendarOf(ranges, today);

  it('books the nights from checkin up to, not including, checkout; holds like stays', () => {
    expect(['2027-03-09', '2027-03-10', '2027-03-13', '2027-03-14'].map(c.bookedNight)).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(c.bookedNight('2027-03-21')).toBe(true);
  });

  it('lets a stay start on a checkout day unless that range keeps it free', () => {
    expect(c.whyNoCheckin('2027-03-14')).toMatch(/leave/);
    expect(c.whyNoCheckin('2027-03-22')).toBeNull();
    expect(c.whyNoCheckin('2027-03-11')).toBe('booked');
    expect(c.whyNoCheckin('2027-02-28')).toBe('in the past');
  });

  it('lets a stay end on a checkin day unless that range keeps it free, and never cross a booked night', () => {
    expect(c.whyNoCheckout('2027-03-05', '2027-03-10')).toBeNull();
    expect(c.whyNoCheckout('2027-03-15', '2027-03-20')).toMatch(/arrive/);
    expect(c.whyNoCheckout('2027-03-05', '2027-03-16')).toMatch(/cross a booked night/);
    expect(c.whyNoCheckout('2027-03-05', '2027-03-05')).toMatch(/before/);
  });

  it('takes the minimum stay from the smallest fitting period, else the default rate', () => {
    const rate = (rooms: number, min: number) => ({
      rooms,
      min_stay: min,
      start_date: '2027-03-01',
      end_date: '2027-03-31',
    });
    const rates = { rates: [rate(4, 7), rate(2, 3)], default_rate: { min_stay: 2 } } as any;
    expect(minimumStay(rates, '2027-03-10', 2)).toBe(3);
    expect(minimumStay(rates, '2027-03-10', 3)).toBe(7);
    expect(minimumStay(rates, '2027-04-10', 2)).toBe(2);
    expect(bedroomsPriced(undefined, 5, 0, 4)).toBe(3);
    expect(bedroomsPriced(4, 2, 0, 3)).toBe(3);
  });
});

describe('the embed loader', () => {
  it('stays small (≤ 5 KB gzipped) and has no dependencies', async () => {
    const { readFileSync } = await import('node:fs');
    const { gzipSync } = await import('node:zlib');
    const source = readFileSync('public/embed.js');
    expect(gzipSync(source, { level: 9 }).length).toBeLessThanOrEqual(5 * 1024);
    expect(source.toString()).not.toMatch(/\bimport\b|\brequire\(/);
  });
});
