/** What the calendar's marks mean: your stay, booked, past, not possible. Static, so drawn wherever it can be on the server. */
export function CalendarLegend() {
  const item = 'flex items-center gap-2';
  const swatch = 'grid h-6 w-6 place-items-center rounded-full text-xs';
  return (
    <ul
      aria-label="What the calendar shows"
      className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-700"
    >
      <li className={item}>
        <span aria-hidden="true" className={`${swatch} bg-brand-700 font-semibold text-white`}>
          8
        </span>
        Your stay
      </li>
      <li className={item}>
        <span
          aria-hidden="true"
          className={`${swatch} text-ink-500 line-through decoration-2 decoration-ink-700`}
        >
          8
        </span>
        Booked
      </li>
      <li className={item}>
        <span aria-hidden="true" className={`${swatch} opacity-40 before:content-['8']`} />
        Past
      </li>
      <li className={item}>
        <span aria-hidden="true" className={`${swatch} text-ink-500`}>
          8
        </span>
        Not possible for this stay (changeover day or minimum stay)
      </li>
    </ul>
  );
}
