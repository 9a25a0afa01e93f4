import type { Metadata } from 'next';
import { InquiryForm } from '@/components/inquiry/inquiry-form';
import { currentFxRates, pageDisplayMoney } from '@/lib/site/replica';
import { displayCurrencies } from '@/lib/site/replica/fx';

export const metadata: Metadata = {
  title: 'Ask an agent',
  description: 'Tell a reservations agent where and when you would like to stay, and your nightly budget.',
  alternates: { canonical: '/inquire' },
};

export default async function InquirePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // The budget in the display currency chosen in the header, or any other the catalog prices in.
  const { currency } = pageDisplayMoney((await searchParams).currency, []);
  const options = displayCurrencies(currentFxRates());
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-semibold tracking-tight text-ink-900">Ask an agent</h1>
      <p className="mt-2 mb-6 text-ink-700">
        Not sure where to stay? Tell us the place, the dates and a nightly budget; a reservations agent will
        reply with rentals that fit. Travel advisors: enter your traveller's details and say who you are in
        the message.
      </p>
      <div className="rounded-2xl bg-white p-5 ring-1 ring-sand-200">
        <InquiryForm budgetCurrencies={{ options, initial: currency }} />
      </div>
    </div>
  );
}
