/** Shown on every page while the upstream answers `X-SVC-Mode: test`; never in live mode. */
export function TestModeBanner({ mode }: { mode: string | null }) {
  if (mode !== 'test') return null;
  return (
    <div
      role="note"
      aria-label="Test mode"
      className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950"
    >
      <strong className="font-semibold">Test mode:</strong> inquiries are checked but not sent to an agent.
    </div>
  );
}
