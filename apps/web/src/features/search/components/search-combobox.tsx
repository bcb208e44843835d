import { Hash, Loader2, Search } from 'lucide-react';
import { useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH_QUERY_MAX } from '@curio/contract';
import { UserAvatar } from '@/components/ui/user-avatar';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/utils';
import { useSearchSuggestions } from '../api/search';
import { moveActive, suggestionOptions, type SuggestionOption } from '../utils/suggestions';

/** How long typing pauses before suggestions are asked for. */
export const SUGGEST_DELAY_MS = 200;

type SearchComboboxProps = {
  /** `header`: the bar's field, its list floating under it; `sheet`: the phone's search sheet, the list in the flow. */
  variant: 'header' | 'sheet';
  inputRef?: Ref<HTMLInputElement>;
  /** After it navigates (the sheet closes). */
  onNavigate?: () => void;
  autoFocus?: boolean;
};

/**
 * The search field with as-you-type suggestions (the ARIA combobox pattern): the field keeps focus and points
 * at the active option (aria-activedescendant); ArrowDown and ArrowUp move through people, tags, items and
 * "all results", Enter opens the active one or, with none, the results page; Escape closes the list, and a
 * second Escape clears the field.
 */
export function SearchCombobox({ variant, inputRef, onNavigate, autoFocus }: SearchComboboxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const [value, setValue] = useState('');
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(value.trim(), SUGGEST_DELAY_MS);
  const suggestions = useSearchSuggestions(debounced);
  const current = suggestions.data;
  const options = debounced ? suggestionOptions(debounced, current) : [];
  const open = (focused || variant === 'sheet') && !dismissed && value.trim().length > 0 && debounced.length > 0;
  const activeOption = open && active >= 0 ? options[active] : undefined;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const go = (href: string) => {
    setActive(-1);
    setDismissed(true);
    // The page it opens shows what was found (the results page has a field of its own with the query).
    setValue('');
    onNavigate?.();
    void navigate(href);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!value.trim()) return;
      e.preventDefault();
      setDismissed(false);
      setActive((i) => moveActive(open ? i : -1, options.length, e.key as 'ArrowDown' | 'ArrowUp'));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (activeOption) go(activeOption.href);
      else if (value.trim()) go(suggestionOptions(value, undefined).at(-1)!.href);
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        // The list closes; the sheet (a dialog) stays open for the field.
        e.stopPropagation();
        setDismissed(true);
        setActive(-1);
      } else if (value) {
        e.preventDefault();
        e.stopPropagation();
        setValue('');
      }
    }
  };

  const status = suggestions.isError
    ? t('search.suggestionsFailed')
    : suggestions.isFetching && !current
      ? t('search.searching')
      : current && options.length === 1
        ? t('search.noSuggestions', { q: debounced })
        : '';

  return (
    <div className={cn('relative w-full', variant === 'header' && 'max-w-xs lg:max-w-sm')} data-testid={`search-field-${variant}`}>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-label={t('search.label')}
          aria-expanded={open && options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? optionId(active) : undefined}
          autoFocus={autoFocus}
          value={value}
          maxLength={SEARCH_QUERY_MAX}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(e) => {
            setValue(e.target.value);
            setActive(-1);
            setDismissed(false);
          }}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onKeyDown={onKeyDown}
          className={cn(
            'h-10 w-full min-w-0 rounded-full border border-border-strong bg-surface pr-10 pl-9 text-base text-foreground transition-[border-color,box-shadow] duration-150 placeholder:text-muted-foreground focus-visible:border-accent focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ring/40 sm:text-sm [&::-webkit-search-cancel-button]:hidden',
            variant === 'sheet' && 'h-12',
          )}
          data-testid="search-input"
        />
        {variant === 'header' && !value ? (
          <kbd
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 rounded border border-border bg-surface-sunken px-1.5 font-mono text-xs text-muted-foreground"
          >
            /
          </kbd>
        ) : null}
        {suggestions.isFetching && value ? (
          <Loader2 className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground" aria-hidden="true" />
        ) : null}
      </div>
      <div
        className={cn(
          !open && 'hidden',
          variant === 'header'
            ? 'absolute top-full right-0 z-50 mt-2 w-[min(26rem,calc(100vw-2rem))] rounded-xl border border-border bg-surface p-1.5 shadow-lift'
            : 'mt-3',
        )}
      >
        <ul id={listId} role="listbox" aria-label={t('search.suggestions')} className="max-h-[min(70dvh,32rem)] overflow-y-auto" data-testid="search-listbox">
          {open
            ? options.map((option, index) => (
                <SuggestionRow
                  key={option.key}
                  id={optionId(index)}
                  option={option}
                  selected={index === active}
                  onChoose={() => go(option.href)}
                  onHover={() => index !== active && setActive(index)}
                  heading={index === 0 || options[index - 1]!.kind !== option.kind ? headingOf(option, t) : null}
                />
              ))
            : null}
        </ul>
        <p role="status" className={cn('px-3 text-sm text-muted-foreground', status ? 'py-2' : 'sr-only')}>
          {open ? status : ''}
        </p>
      </div>
    </div>
  );
}

function headingOf(option: SuggestionOption, t: (key: string) => string): string | null {
  if (option.kind === 'person') return t('search.people');
  if (option.kind === 'tag') return t('search.tags');
  if (option.kind === 'item') return t('search.items');
  return null;
}

function SuggestionRow({
  id,
  option,
  selected,
  onChoose,
  onHover,
  heading,
}: {
  id: string;
  option: SuggestionOption;
  selected: boolean;
  onChoose: () => void;
  onHover: () => void;
  heading: string | null;
}) {
  const { t } = useTranslation();
  const muted = selected ? 'text-accent-soft-foreground' : 'text-muted-foreground';
  return (
    <>
      {heading ? (
        <li role="presentation" aria-hidden="true" className="px-2.5 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {heading}
        </li>
      ) : null}
      {/* The field owns the keyboard (arrows, Enter, Escape) through aria-activedescendant. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events */}
      <li
        id={id}
        role="option"
        aria-selected={selected}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onChoose}
        onMouseMove={onHover}
        className={cn(
          'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2.5 py-1.5',
          selected ? 'bg-accent-soft text-accent-soft-foreground' : 'text-foreground',
          option.kind === 'all' && 'mt-1 border-t border-border',
        )}
        data-testid="search-option"
        data-kind={option.kind}
      >
        {option.kind === 'person' ? (
          <>
            <UserAvatar handle={option.person.displayName || option.person.handle} imageId={option.person.avatarImageId} className="size-8" />
            <span className="grid min-w-0 leading-tight">
              <span className="truncate text-sm font-medium">{option.person.displayName}</span>
              <span className={cn('truncate text-xs', muted)}>@{option.person.handle}</span>
            </span>
          </>
        ) : option.kind === 'tag' ? (
          <>
            <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-surface-sunken" aria-hidden="true">
              <Hash className="size-4" />
            </span>
            <span className="grid min-w-0 leading-tight">
              <span className="truncate text-sm font-medium">{option.tag.tag}</span>
              <span className={cn('truncate text-xs', muted)}>{t('search.itemCount', { count: option.tag.count })}</span>
            </span>
          </>
        ) : option.kind === 'item' ? (
          <>
            <img
              src={option.item.imageUrl}
              alt=""
              className={cn('size-8 shrink-0 rounded-md object-cover', option.item.nsfw && 'blur-sm')}
              loading="lazy"
              decoding="async"
            />
            <span className="grid min-w-0 leading-tight">
              <span className="truncate text-sm font-medium">{option.item.title}</span>
              <span className={cn('truncate text-xs', muted)}>@{option.item.user.handle}</span>
            </span>
          </>
        ) : (
          <>
            <span className="inline-flex size-8 shrink-0 items-center justify-center" aria-hidden="true">
              <Search className="size-4" />
            </span>
            <span className="min-w-0 truncate text-sm font-medium">{t('search.allResults', { q: option.q })}</span>
          </>
        )}
      </li>
    </>
  );
}
