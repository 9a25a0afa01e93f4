import { CURRENCIES } from '@/lib/rules';

/*
 * The currency of a general request's nightly budget. The API document gives a budget only its figures
 * (`budget: {min, max}`, integers) and keeps anything else the agent should know in `message`: so the
 * budget's currency reaches the agent as the message's first line, written here once, and read back from
 * it for the confirmation. The browser sends the currency beside the inquiry as `budget_currency`.
 */

export const BUDGET_CURRENCY_FIELD = 'budget_currency';

const LINE = /^Nightly budget in ([A-Z]{3}):[^\n]*\n*/;

/** Whether `code` is a currency a budget may be in: one the catalog prices in. */
export const isBudgetCurrency = (code: unknown): code is string =>
  typeof code === 'string' && Object.hasOwn(CURRENCIES, code);

interface Budget {
  min?: number | null;
  max?: number | null;
}

/** The agent's line: "Nightly budget in USD: from 200 to 450." (null without a figure). */
export function budgetLine(budget: Budget | null | undefined, currency: string): string | null {
  const min = budget?.min ?? null;
  const max = budget?.max ?? null;
  if (min === null && max === null) return null;
  const range =
    min !== null && max !== null
      ? `from ${min} to ${max}`
      : min !== null
        ? `at least ${min}`
        : `up to ${max}`;
  return `Nightly budget in ${currency}: ${range}.`;
}

/** The message the agent reads: the budget's line first, then the traveller's own words. */
export function messageWithBudget(
  message: string | undefined,
  budget: Budget | null | undefined,
  currency: string,
): string | undefined {
  const line = budgetLine(budget, currency);
  if (!line) return message;
  return message ? `${line}\n\n${message}` : line;
}

/** The budget's currency, read from a message this module wrote; null when it has none. */
export function budgetCurrencyIn(message: string | null | undefined): string | null {
  return (message && LINE.exec(message)?.[1]) || null;
}
