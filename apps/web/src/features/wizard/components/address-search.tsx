// The address search box: suggestions after 3 characters and a 500 ms pause, at most
// five, arrow keys + Enter to pick, Escape to clear them; the search button reports
// an empty query, no result or a failure with a toast.
import {
  ADDRESS_SEARCH_LIMIT,
  AUTOCOMPLETE_DEBOUNCE_MS,
  AUTOCOMPLETE_MIN_CHARS,
  truncateAddress,
} from '@acende/shared/constants';
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, inputClass } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { AddressSearchResult } from '../api/search-address.ts';
import { useSearchAddress } from '../hooks/use-geocoder.ts';

export function AddressSearch({
  onPick,
  inputId,
  error,
}: {
  onPick: (result: AddressSearchResult) => void;
  /** The box's id, for the error summary's link. */
  inputId?: string;
  /** Why the step could not go on without a place (in words), under the box. */
  error?: string;
}) {
  const { t } = useTranslation();
  const search = useSearchAddress();
  const id = useId();
  const boxId = inputId ?? `${id}-input`;
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  // Only what the person typed triggers suggestions, not the text a pick writes back.
  const [typed, setTyped] = useState(false);
  const [results, setResults] = useState<AddressSearchResult[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searching, setSearching] = useState(false);
  const latestQuery = useRef('');
  // The blur closes the list a moment later (so a click on a suggestion lands first);
  // the timer is cleared if the box goes away before then.
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  useSuggestions({ text, typed, latestQuery, setResults, setActive, setOpen });

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const pick = (result: AddressSearchResult) => {
    latestQuery.current = '';
    setTyped(false);
    setText(truncateAddress(result.address));
    setResults([]);
    close();
    onPick(result);
  };

  const runSearch = async () => {
    const query = text.trim();
    if (!query) {
      toast({ title: t('public.toast.address.empty'), variant: 'destructive' });
      return;
    }
    latestQuery.current = query;
    setSearching(true);
    try {
      const found = await search(query);
      if (found.length === 0) {
        close();
        toast({ title: t('public.toast.address.notFound'), variant: 'destructive' });
        return;
      }
      setResults(found.slice(0, ADDRESS_SEARCH_LIMIT));
      setActive(0);
      setOpen(true);
    } catch {
      close();
      toast({ title: t('public.toast.address.error'), variant: 'destructive' });
    } finally {
      setSearching(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (open) event.preventDefault();
      latestQuery.current = '';
      setResults([]);
      close();
    } else if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index <= 0 ? results.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = open ? results[active] : undefined;
      if (chosen) pick(chosen);
      else void runSearch();
    }
  };

  const activeId = open && active >= 0 ? `${id}-option-${active}` : undefined;

  return (
    <div className="grid gap-1">
      <label htmlFor={boxId} className="font-medium">
        {t('public.location.searchLabel')}
      </label>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <input
            id={boxId}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={activeId}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${boxId}-error` : undefined}
            placeholder={t('public.location.searchPlaceholder')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setTyped(true);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              clearTimeout(blurTimer.current);
              blurTimer.current = setTimeout(close, 150);
            }}
            className={inputClass}
          />
          <AddressSuggestions id={id} open={open} results={results} active={active} onPick={pick} />
        </div>
        <Button variant="secondary" onClick={() => void runSearch()} disabled={searching}>
          {searching ? t('public.location.searching') : t('public.location.searchButton')}
        </Button>
      </div>
      <FieldError id={`${boxId}-error`} error={error} />
    </div>
  );
}

/** The suggestions under the box (a listbox the input drives by aria-activedescendant). */
function AddressSuggestions(props: {
  id: string;
  open: boolean;
  results: AddressSearchResult[];
  active: number;
  onPick: (result: AddressSearchResult) => void;
}) {
  const { id, open, results, active, onPick: pick } = props;
  const { t } = useTranslation();
  return (
    <div
      id={`${id}-list`}
      role="listbox"
      aria-label={t('public.location.suggestions')}
      hidden={!open}
      className="absolute top-full right-0 left-0 z-[1000] mt-1 max-h-60 overflow-y-auto rounded-theme border border-gray-400 bg-white shadow-lg"
    >
      {results.map((result, index) => (
        <div
          key={`${result.latitude},${result.longitude},${result.address}`}
          id={`${id}-option-${index}`}
          role="option"
          aria-selected={index === active}
          tabIndex={-1}
          title={result.address}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => pick(result)}
          onKeyDown={() => {}}
          className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-blue-100 text-blue-950' : 'hover:bg-gray-100'}`}
        >
          {truncateAddress(result.address)}
        </div>
      ))}
    </div>
  );
}

/** Suggestions after a pause in typing (only what the person typed); they fail silently. */
function useSuggestions(options: {
  text: string;
  typed: boolean;
  latestQuery: RefObject<string>;
  setResults: (results: AddressSearchResult[]) => void;
  setActive: (index: number) => void;
  setOpen: (open: boolean) => void;
}) {
  const { text, typed, latestQuery, setResults, setActive, setOpen } = options;
  const search = useSearchAddress();
  useEffect(() => {
    const query = text.trim();
    if (!typed || query.length < AUTOCOMPLETE_MIN_CHARS) {
      if (typed) setOpen(false);
      return;
    }
    const timer = setTimeout(() => {
      latestQuery.current = query;
      search(query)
        .then((found) => {
          if (latestQuery.current !== query) return;
          setResults(found.slice(0, ADDRESS_SEARCH_LIMIT));
          setActive(-1);
          setOpen(found.length > 0);
        })
        // Suggestions fail silently; the search button reports errors.
        .catch(() => {
          if (latestQuery.current === query) setOpen(false);
        });
    }, AUTOCOMPLETE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, typed, search, latestQuery, setResults, setActive, setOpen]);
}
