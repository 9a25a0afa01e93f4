import { SkeletonGrid } from '@/components/results/results-view';

export default function Loading() {
  return (
    <div>
      <div className="mb-6 h-9 w-64 animate-pulse rounded bg-sand-100" />
      <SkeletonGrid />
    </div>
  );
}
