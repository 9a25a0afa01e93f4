/* Small line icons of the results and the map, drawn in the text's colour; decoration for screen readers. */

export function MapIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor">
      <path
        strokeWidth="1.6"
        strokeLinejoin="round"
        d="m2.5 5 5-2 5 2 5-2v12l-5 2-5-2-5 2z M7.5 3v12 M12.5 5v12"
      />
    </svg>
  );
}

export function FiltersIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor">
      <path strokeWidth="1.8" strokeLinecap="round" d="M3 5h14M6 10h8M8.5 15h3" />
    </svg>
  );
}

export function ListIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor">
      <path strokeWidth="1.8" strokeLinecap="round" d="M7 5h10M7 10h10M7 15h10M3 5h.01M3 10h.01M3 15h.01" />
    </svg>
  );
}

export function SearchIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor">
      <circle cx="8.5" cy="8.5" r="5" strokeWidth="1.8" />
      <path strokeWidth="1.8" strokeLinecap="round" d="m12.5 12.5 4 4" />
    </svg>
  );
}

export function HomeIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path d="M10 2.5 2 9h2v8.5h4.5v-5h3v5H16V9h2z" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="none" stroke="currentColor">
      <path strokeWidth="2" strokeLinecap="round" d="M4 4l8 8M12 4l-8 8" />
    </svg>
  );
}
