'use client';

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Location } from '@/lib/contract';
import { matchLocations, TYPED_PARAM } from '@/lib/site/browser/match-locations';
import { DestinationOptions } from './destination-options';
import { FIELD } from './field-style';
import { useLocations } from './use-locations';
import { useTypedDestination } from './use-typed-destination';

/**
 * A destination picker with type-ahead over the location catalog (the WAI-ARIA combobox pattern): type to
 * filter, arrows to move, Enter to choose, Escape to close. Each option shows its path and property count.
 * The chosen id is submitted as `location`. What is typed and not picked is resolved when the form is sent
 * (use-typed-destination.ts): the destination it names, or the field asks to choose one from the list.
 */
export function DestinationCombobox({
  initial,
  name = 'location',
  onChoose,
  orElse = 'clear the field to search everywhere',
}: {
  initial?: { id: number; label: string } | null;
  name?: string;
  /** Told of each choice (null when the text no longer names the chosen destination). */
  onChoose?: (location: Location | null) => void;
  /** The field's other way out, said when what was typed names no one destination. */
  orElse?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // Until the script runs, the form is sent by the browser itself: what is typed goes as `where`, and the
  // results page finds the destination it names (app/(site)/search/page.tsx). Once it runs the field
  // resolves it, and the name goes. Taken off the element, not through state: a render at hydration would
  // put the state's empty text back over what was typed before the script came.
  useEffect(() => input.current?.removeAttribute('name'), []);
  const [text, setText] = useState(initial?.label ?? '');
  const [chosen, setChosen] = useState<number | null>(initial?.id ?? null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [wanted, setWanted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Whether the traveller moved through the options (then Enter takes the one highlighted).
  const [moved, setMoved] = useState(false);
  // The list closes a moment after the field is left (an option's click lands first); coming back keeps it.
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const locations = useLocations(wanted || open);
  const options = useMemo(() => matchLocations(locations.data ?? [], text), [locations.data, text]);
  const listId = `${id}-list`;
  const problemId = `${id}-problem`;
  const optionId = (i: number) => `${id}-opt-${i}`;

  const take = (option: Location) => {
    setChosen(option.id);
    setText(option.name);
    setOpen(false);
    setProblem(null);
    onChoose?.(option);
  };
  const choose = (i: number) => {
    const option = options[i];
    if (option) take(option);
  };
  const resolveNow = useTypedDestination({
    input,
    text,
    chosen,
    locations: locations.data,
    failed: Boolean(locations.error),
    orElse,
    onFound: take,
    onProblem: (p) => {
      setProblem(p);
      setActive(0);
      setOpen(true);
    },
  });

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="block text-sm font-medium text-ink-700">
        Destination
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options[active] ? optionId(active) : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        autoComplete="off"
        name={TYPED_PARAM}
        placeholder="Anywhere"
        value={text}
        onFocus={() => {
          setWanted(true);
          clearTimeout(closing.current);
        }}
        onChange={(e) => {
          setText(e.target.value);
          if (chosen !== null) onChoose?.(null);
          setChosen(null);
          setProblem(null);
          setActive(0);
          setMoved(false);
          setOpen(true);
        }}
        onBlur={() => {
          resolveNow(false);
          closing.current = setTimeout(() => setOpen(false), 120);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setMoved(open);
            if (!open) setOpen(true);
            else setActive((a) => Math.min(a + 1, options.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setMoved(true);
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter' && open && options.length > 0) {
            e.preventDefault();
            // Typed and not moved through: what was typed, resolved (not the top option taken blindly).
            if (moved || chosen !== null) choose(active);
            else resolveNow(true);
          } else if (e.key === 'Escape') {
            if (open) setOpen(false);
            else {
              setText('');
              setChosen(null);
              setProblem(null);
            }
          }
        }}
        className={`${FIELD} aria-[invalid=true]:border-red-700`}
      />
      <input type="hidden" name={name} value={chosen ?? ''} />
      {problem && (
        <p id={problemId} role="alert" className="mt-1 text-sm text-red-800">
          {problem}
        </p>
      )}
      <DestinationOptions
        id={listId}
        open={open}
        options={options}
        active={active}
        optionId={optionId}
        text={text}
        loading={!locations.data && !locations.error}
        error={locations.error?.message}
        onChoose={choose}
        onHover={(i) => {
          setActive(i);
          setMoved(true);
        }}
      />
    </div>
  );
}
