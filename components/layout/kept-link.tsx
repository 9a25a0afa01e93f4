'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { type ComponentProps, Suspense } from 'react';
import { currencyIn, withCurrency } from '@/lib/site/browser/currency-url';

type Props = Omit<ComponentProps<typeof Link>, 'href'> & { href: string };

function WithCurrency({ href, ...rest }: Props) {
  return <Link href={withCurrency(href, currencyIn(useSearchParams()))} {...rest} />;
}

/** A link of the site's frame that keeps the display currency chosen (`?currency=`) on the page it leads to. */
export function KeptLink(props: Props) {
  return (
    <Suspense fallback={<Link {...props} />}>
      <WithCurrency {...props} />
    </Suspense>
  );
}
