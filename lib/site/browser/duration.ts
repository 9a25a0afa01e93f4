/*
 * A wait said to a person, in a module of its own: only the results' status (a search answered while the
 * catalog is still loading) says one, so the pages that never do (home, property) do not carry it.
 */

/**
 * A wait said to a person: "under a minute", "about 25 min", "about 1 h 5 min" (to the nearest 5 minutes
 * past the first hour, whole hours past the tenth); null when there is no estimate.
 */
export function aboutDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  if (seconds < 60) return 'under a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  if (minutes >= 600) return `about ${Math.round(minutes / 60)} h`;
  const rounded = Math.round(minutes / 5) * 5;
  const h = Math.floor(rounded / 60);
  const m = rounded % 60;
  return `about ${h} h${m ? ` ${m} min` : ''}`;
}
