'use client';

import { useSearchParams } from 'next/navigation';
import { use, useRef } from 'react';
import { preload } from 'react-dom';
import { HydrateOnUse, settledImport } from '@/components/ui/hydrate-on-use';
import { SkeletonGrid } from './skeleton-grid';
import type { ResultsProps } from './types';

const liveModule = settledImport(() => import('./live-results'));
if (typeof window === 'undefined') void liveModule();

function LiveResults(props: ResultsProps) {
  const { default: Live } = use(liveModule());
  return <Live {...props} />;
}

/**
 * Search results with their filters (results.tsx), rendered whole by the server and hydrated when first
 * used (components/ui/hydrate-on-use.tsx): until a pointer, a touch, focus or a key goes into them, the
 * browser loads none of the view's code, its fields or react-query. A new URL (another currency, back or
 * forward) gives the view new data, and a URL that asks for the map a map: either wakes it at once.
 */
export function ResultsView(props: ResultsProps) {
  // Rendered in the page's frame, outside the boundary: React puts these in the head.
  for (const c of props.covers ?? [])
    preload(c.src, {
      as: 'image',
      imageSrcSet: c.srcSet,
      imageSizes: c.sizes,
      fetchPriority: 'high',
      media: c.media,
    });
  // A URL other than the first one this view was drawn for needs the live view to show it.
  const search = useSearchParams().toString();
  const first = useRef(search);
  const mapAsked = Boolean(props.withMap) && new URLSearchParams(props.initialParams).get('map') === '1';
  return (
    <HydrateOnUse wake={search !== first.current || mapAsked} fallback={<SkeletonGrid />}>
      <LiveResults {...props} />
    </HydrateOnUse>
  );
}
