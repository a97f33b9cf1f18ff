import { useId, useState, type KeyboardEvent } from 'react';
import type { Place } from '@aeropool/contract/places';
import { PLACE_SEARCH_MIN_CHARS, type TerminalId } from '@aeropool/contract/terminals';
import { PLACE_SEARCH_MAX_CHARS } from '@aeropool/contract/places';
import { ApiError } from '../../../lib/api-client';
import { usePlaceSearch } from '../api/search-places';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

const DEBOUNCE_MS = 250;

type Props = {
  label: string;
  terminalId: TerminalId;
  value: Place | null;
  onChange: (place: Place | null) => void;
  disabled?: boolean;
  /** Set after a submit without a picked place: the hint turns into the field's error. */
  isInvalid?: boolean;
  /** The server's refusal of the picked place, said in place of the hint. */
  error?: string;
};

/**
 * WAI-ARIA combobox with a listbox popup: suggestions from 3 typed characters (debounced),
 * up to 5; ArrowUp/Down move, Enter picks, Escape closes; the active option is announced
 * through aria-activedescendant while focus stays in the input. Typing clears the choice, so
 * only a picked suggestion (with coordinates) can be submitted.
 */
export function PlaceCombobox({
  label,
  terminalId,
  value,
  onChange,
  disabled,
  isInvalid = false,
  error,
}: Props) {
  const [text, setText] = useState(value?.name ?? '');
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const inputId = useId();
  const listboxId = useId();
  const statusId = useId();

  const debounced = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const isLongEnough = debounced.length >= PLACE_SEARCH_MIN_CHARS;
  const search = usePlaceSearch(isOpen ? debounced : '', terminalId);
  // Only results for what is typed now: the last search's, kept on screen while the next one
  // runs, could otherwise be picked with Enter for a place the text no longer names.
  const isCurrent = !search.isPlaceholderData && text.trim() === debounced;
  const options = isOpen && isLongEnough && isCurrent && !search.isError ? (search.data ?? []) : [];
  const isExpanded = isOpen && options.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const pick = (place: Place) => {
    onChange(place);
    setText(place.name);
    setIsOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) {
        setIsOpen(true);
        return;
      }
      if (options.length === 0) return;
      const last = options.length - 1;
      setActiveIndex((index) =>
        event.key === 'ArrowDown' ? (index >= last ? 0 : index + 1) : index <= 0 ? last : index - 1,
      );
      return;
    }
    const isSearching =
      isOpen &&
      value === null &&
      text.trim().length >= PLACE_SEARCH_MIN_CHARS &&
      (search.isFetching || text.trim() !== debounced);
    if (event.key === 'Enter' && (isExpanded || isSearching)) {
      // Enter picks the highlighted place instead of submitting the form; while the search for
      // what was typed still runs, it waits for the suggestions rather than submitting without.
      // With nothing to pick (too short, nothing found, refused) it submits, and the form says
      // what is missing.
      event.preventDefault();
      const place = isExpanded ? options[activeIndex] : undefined;
      if (place) pick(place);
      return;
    }
    if (event.key === 'Escape' && isExpanded) {
      // Closes the suggestions only, not the dialog around them.
      event.preventDefault();
      event.stopPropagation();
      setIsOpen(false);
      setActiveIndex(-1);
    }
  };

  const status =
    error ??
    statusText({
      text: text.trim(),
      isOpen,
      isPicked: value !== null,
      isSearching: search.isFetching || text.trim() !== debounced,
      error: search.isError ? searchErrorText(search.error) : undefined,
      count: options.length,
    });

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder="Search an area, e.g. Koramangala"
        aria-autocomplete="list"
        aria-expanded={isExpanded}
        aria-controls={listboxId}
        aria-activedescendant={isExpanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-describedby={statusId}
        aria-invalid={isInvalid || undefined}
        value={text}
        maxLength={PLACE_SEARCH_MAX_CHARS}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value);
          setIsOpen(true);
          setActiveIndex(-1);
          if (value) onChange(null);
        }}
        // A place already picked (an edit) offers no suggestions until typed in or ArrowDown:
        // tabbing through the form must not search it again, nor keep Enter from submitting.
        onFocus={() => setIsOpen(value === null)}
        onBlur={() => setIsOpen(false)}
        onKeyDown={onKeyDown}
        className={`min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100 ${isInvalid ? 'border-red-500' : 'border-slate-300'}`}
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Suggested places"
        hidden={!isExpanded}
        className="flex flex-col overflow-hidden rounded-lg bg-white shadow-md ring-1 ring-slate-200"
      >
        {options.map((place, index) => (
          <li
            key={`${place.name}-${place.latitude}-${place.longitude}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            // Keeps focus in the input so the blur does not close the list before the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(place)}
            onMouseMove={() => setActiveIndex(index)}
            className={`cursor-pointer px-3 py-2.5 text-sm ${
              index === activeIndex ? 'bg-brand-50 text-brand-900' : 'text-slate-800'
            }`}
          >
            {place.name}
          </li>
        ))}
      </ul>
      <p
        id={statusId}
        aria-live="polite"
        className={`min-h-5 text-sm ${isInvalid ? 'text-red-600' : 'text-slate-500'}`}
      >
        {status}
      </p>
    </div>
  );
}

type StatusInput = {
  text: string;
  isOpen: boolean;
  isPicked: boolean;
  isSearching: boolean;
  error: string | undefined;
  count: number;
};

/** What a refused search says (too many, a character not allowed), or a retry for the rest. */
const searchErrorText = (error: unknown) =>
  error instanceof ApiError && error.statusCode < 500
    ? error.message
    : 'Places could not be searched. Please try again.';

function statusText({ text, isOpen, isPicked, isSearching, error, count }: StatusInput): string {
  if (isPicked) return '';
  if (!text) return `Type at least ${PLACE_SEARCH_MIN_CHARS} characters, then choose a place.`;
  if (text.length < PLACE_SEARCH_MIN_CHARS)
    return `Type at least ${PLACE_SEARCH_MIN_CHARS} characters to search.`;
  if (!isOpen) return 'Choose a place from the suggestions.';
  if (isSearching) return 'Searching…';
  if (error) return error;
  if (count === 0) return 'No places found.';
  return `${count} ${count === 1 ? 'place' : 'places'} found. Use the arrow keys to choose.`;
}
