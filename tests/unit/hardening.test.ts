import { describe, expect, it } from 'vitest';
import { RequestBudget } from '@/lib/catalog-client/budget';
import { catalogQuerySchema, inquiryRequestSchema, parseQuery, quoteQuerySchema } from '@/lib/contract';
import { withoutValues } from '@/lib/logger';
import { Slots } from '@/lib/slots';

/* Findings of the adversarial probe, each at the smallest unit that holds the rule. */

describe('an error in the logs', () => {
  class FailedQuery extends Error {
    constructor(
      readonly query: string,
      readonly params: unknown[],
      cause: unknown,
    ) {
      super(`Failed query: ${query}\nparams: ${params.join(',')}`);
      this.cause = cause;
    }
  }

  it('keeps the query and the code but none of a traveller’s details', () => {
    const database = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (email)=(ana@example.com) already exists.',
    });
    const error = new FailedQuery(
      'insert into inquiries values ($1, $2)',
      ['Ana', 'ana@example.com'],
      database,
    );
    const logged = JSON.stringify(withoutValues(error));
    expect(logged).toContain('insert into inquiries values ($1, $2)');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('ana@example.com');
    expect(logged).not.toContain('Ana');
  });
});

describe('the request budget after a 429', () => {
  it('holds back inquiries only when an inquiry was refused', () => {
    let now = 0;
    const budget = new RequestBudget(100, 1000, () => now);
    budget.pauseFor(600_000, 'inquiry');
    expect(budget.take('read')).toBe(0);
    expect(budget.take('inquiry')).toBe(600_000);
    now = 600_000;
    expect(budget.take('inquiry')).toBe(0);
  });

  it('holds back everything when a read was refused, and a later inquiry 429 does not shorten it', () => {
    let now = 0;
    const budget = new RequestBudget(100, 1000, () => now);
    budget.pauseFor(30_000, 'read');
    budget.pauseFor(5_000, 'inquiry');
    expect(budget.take('read')).toBe(30_000);
    expect(budget.take('inquiry')).toBe(30_000);
    now = 10_000;
    expect(budget.take('read')).toBe(20_000);
  });
});

describe('bounded input', () => {
  const today = '2026-11-22';
  const quote = (q: string) => parseQuery(quoteQuerySchema(today), new URLSearchParams(q));

  it('refuses a stay longer than 365 nights and a check-in beyond three years, naming the field', () => {
    expect(quote('checkin=2026-12-01&checkout=9999-12-31')).toEqual({
      ok: false,
      errors: { checkout: 'must be at most 365 nights after checkin' },
    });
    expect(quote('checkin=2026-12-01&checkout=2027-12-01').ok).toBe(true);
    expect(quote('checkin=2026-12-01&checkout=2027-12-02').ok).toBe(false);
    expect(quote('checkin=2029-11-22&checkout=2029-11-29').ok).toBe(true);
    expect(quote('checkin=2029-11-23&checkout=2029-11-29')).toMatchObject({
      ok: false,
      errors: { checkin: 'must be at most 3 years ahead' },
    });
  });

  it('refuses party sizes beyond what a party holds, before any query runs', () => {
    const catalog = (q: string) => parseQuery(catalogQuerySchema, new URLSearchParams(q));
    expect(catalog('guests=100&rooms=50').ok).toBe(true);
    expect(catalog('guests=2147483647&rooms=32768')).toEqual({
      ok: false,
      errors: { guests: 'must be between 1 and 100', rooms: 'must be between 1 and 50' },
    });
  });

  it('refuses NUL and unpaired surrogates in what a person typed, and integers beyond their column', () => {
    const body = {
      property_id: 2 ** 40,
      stay: { checkin: '2026-12-01', checkout: '2026-12-08', bedrooms: 51 },
      contact: { first_name: 'A\u0000na', last_name: 'B\ud800', email: 'ana@example.com' },
      message: 'fine 😀',
      destination: null,
    };
    const result = inquiryRequestSchema(today).safeParse(body);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['contact.first_name', 'contact.last_name', 'property_id', 'stay.bedrooms']);
  });

  it('refuses control characters in names, keeping line breaks for the message only', () => {
    const inquiry = (contact: Record<string, string>, message?: string) =>
      inquiryRequestSchema(today).safeParse({
        property_id: 1,
        stay: { checkin: '2026-12-01', checkout: '2026-12-08' },
        contact: { first_name: 'Ana', last_name: 'Lee', email: 'ana@example.com', ...contact },
        ...(message === undefined ? {} : { message }),
      });
    const refusedAt = (result: ReturnType<typeof inquiry>) =>
      result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    // What the probe sent: ESC, BEL, CR/LF and the right-to-left override.
    for (const name of [
      'A\u001b[31mna',
      'An\u0007a',
      'Ana\r\nBcc: x',
      'Ana\nLee',
      '\u202Eeel anA',
      'A\u0085na',
    ])
      expect(refusedAt(inquiry({ first_name: name })), JSON.stringify(name)).toEqual([
        'contact.first_name: must not contain control characters or broken text',
      ]);
    expect(refusedAt(inquiry({ phone: '+44\t20' }))).toHaveLength(1);
    expect(
      inquiry({ first_name: 'Zoë', last_name: 'Ó Briain-Núñez' }, 'Two lines,\r\nand a\ttab.').success,
    ).toBe(true);
    expect(refusedAt(inquiry({}, 'a bell\u0007'))).toEqual([
      'message: must not contain control characters or broken text',
    ]);
  });
});

describe('slots for concurrent work', () => {
  it('holds at most its size, hands a freed slot to the first waiting, and gives up on time', async () => {
    const slots = new Slots(1);
    expect(await slots.take()).toBe(true);
    const late = slots.take(20);
    const patient = slots.take();
    expect(await late).toBe(false); // timed out while the slot was held
    slots.release();
    expect(await patient).toBe(true);
    let running = 0;
    let most = 0;
    slots.release();
    const twoAtOnce = new Slots(2);
    await Promise.all(
      Array.from({ length: 6 }, () =>
        twoAtOnce.run(async () => {
          most = Math.max(most, ++running);
          await new Promise((r) => setTimeout(r, 5));
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
  });
});
