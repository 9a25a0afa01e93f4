import { describe, expect, it } from 'vitest';
import {
  budgetCurrencyIn,
  budgetLine,
  isBudgetCurrency,
  messageWithBudget,
} from '@/lib/site/browser/budget-currency';

/* A general request's nightly budget names its currency for the agent, in the message the API document keeps. */

describe('the budget’s currency', () => {
  it('is said in one line, whichever ends are given', () => {
    expect(budgetLine({ min: 200, max: 450 }, 'USD')).toBe('Nightly budget in USD: from 200 to 450.');
    expect(budgetLine({ min: 200 }, 'EUR')).toBe('Nightly budget in EUR: at least 200.');
    expect(budgetLine({ min: null, max: 0 }, 'JPY')).toBe('Nightly budget in JPY: up to 0.');
    expect(budgetLine({}, 'USD')).toBeNull();
    expect(budgetLine(null, 'USD')).toBeNull();
  });

  it('comes first in the message, before the traveller’s words, and is read back from it', () => {
    const message = messageWithBudget('Quiet, please.', { min: 200, max: 450 }, 'GBP');
    expect(message).toBe('Nightly budget in GBP: from 200 to 450.\n\nQuiet, please.');
    expect(budgetCurrencyIn(message)).toBe('GBP');
    expect(messageWithBudget(undefined, { max: 300 }, 'USD')).toBe('Nightly budget in USD: up to 300.');
    expect(messageWithBudget('Hi', null, 'USD')).toBe('Hi');
    // A traveller's own words that merely look like the line, later on, are not taken for it.
    expect(budgetCurrencyIn('Hello\nNightly budget in USD: from 1 to 2.')).toBeNull();
    expect(budgetCurrencyIn(undefined)).toBeNull();
  });

  it('is one the catalog prices in', () => {
    expect(isBudgetCurrency('USD')).toBe(true);
    expect(isBudgetCurrency('XXX')).toBe(false);
    expect(isBudgetCurrency('toString')).toBe(false);
    expect(isBudgetCurrency(5)).toBe(false);
  });
});
