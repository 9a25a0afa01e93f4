import { hasParty, NARROWING } from '@/lib/site/browser/search-url';
import { DEFAULT_ADULTS, guestsOf } from '@/lib/site/browser/stay';
import type { SearchUrl } from './use-search-url';

/** A search the site cannot run: each problem in a sentence naming its field, and the way out. */
export function SearchProblems({ url, fields }: { url: SearchUrl; fields: Record<string, string> }) {
  return (
    <div role="alert" className="mt-4 rounded-xl bg-red-50 p-4 text-red-900">
      <p className="font-medium">This search cannot be run as it is:</p>
      <ul className="mt-2 list-disc pl-5">
        {Object.entries(fields).map(([k, sentence]) => (
          <li key={k}>{sentence}.</li>
        ))}
      </ul>
      <a className="mt-2 inline-block underline" href={url.href(url.relax(NARROWING))}>
        Clear the filters
      </a>
    </div>
  );
}

/** The results could not be loaded: why, when the site knows, and another try in place. */
export function LoadFailed({ message, onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mt-4 rounded-xl bg-red-50 p-4 text-red-900">
      <p className="font-medium">The results could not be loaded.</p>
      {message && <p className="mt-1">{message}</p>}
      <button type="button" onClick={onRetry} className="mt-3 rounded-full bg-red-800 px-4 py-1 text-white">
        Try again
      </button>
    </div>
  );
}

/** Nothing matches: the parts of the search that could be let go, each a link to that wider search. */
export function NothingMatches({
  url,
  wider,
}: {
  url: SearchUrl;
  wider?: { id: number; name: string } | null;
}) {
  const { params, stay, relax } = url;
  const fewer = relax(['guests', 'children'], { adults: String(DEFAULT_ADULTS) });
  return (
    <div className="mt-4 rounded-xl bg-white p-6 ring-1 ring-sand-200">
      <p className="font-medium text-ink-900">No rentals match all of that.</p>
      <p className="mt-1 text-ink-700">Try relaxing the search:</p>
      <ul className="mt-3 flex flex-wrap gap-3">
        {params.get('checkin') && <Relax url={url} to={relax(['checkin', 'checkout'])} label="Any dates" />}
        {hasParty(params) && guestsOf(stay) > DEFAULT_ADULTS && (
          <Relax url={url} to={fewer} label="Fewer guests" />
        )}
        {params.get('bedrooms') && (
          <Relax url={url} to={relax(['bedrooms'])} label="Any number of bedrooms" />
        )}
        {wider && (
          <li>
            <a className="underline" href={`/search?${relax(['location'], { location: String(wider.id) })}`}>
              All of {wider.name}
            </a>
          </li>
        )}
      </ul>
    </div>
  );
}

function Relax({ url, to, label }: { url: SearchUrl; to: URLSearchParams; label: string }) {
  return (
    <li>
      <a className="underline" href={url.href(to)} onClick={url.follow(to)}>
        {label}
      </a>
    </li>
  );
}
