import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import type { MentionSuggestion } from '../api/search-mentions';
import { UserAvatar } from '@/components/ui/user-avatar';

export const mentionOptionId = (listId: string, index: number) => `${listId}-option-${index}`;

type MentionListboxProps = {
  id: string;
  users: MentionSuggestion[];
  activeIndex: number;
  onChoose: (user: MentionSuggestion) => void;
  onHover: (index: number) => void;
};

/**
 * The suggestions under the comment box, or above it when the window has no room below (the box keeps focus and points
 * at the active option with aria-activedescendant). A mouse press chooses without taking focus from the box.
 */
export function MentionListbox({ id, users, activeIndex, onChoose, onHover }: MentionListboxProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLUListElement>(null);
  // Under the box, unless the window ends before the list does and there is more room above it.
  const [above, setAbove] = useState(false);
  useLayoutEffect(() => {
    const list = ref.current;
    const box = list?.parentElement?.getBoundingClientRect();
    if (!list || !box) return;
    const below = window.innerHeight - box.bottom;
    setAbove(list.offsetHeight + 8 > below && box.top > below);
  }, [users.length]);
  return (
    <ul
      ref={ref}
      id={id}
      role="listbox"
      aria-label={t('comments.mentionSuggestions')}
      className={cn(
        'absolute left-0 z-30 max-h-72 w-full overflow-y-auto rounded-xl border border-border bg-surface p-1 shadow-lift sm:w-80',
        above ? 'bottom-full mb-1' : 'top-full mt-1',
      )}
      data-placement={above ? 'above' : 'below'}
      data-testid="mention-listbox"
    >
      {users.map((user, index) => (
        // The composer's input owns the keyboard (arrows, Enter, Escape) through aria-activedescendant.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <li
          key={user.id}
          id={mentionOptionId(id, index)}
          role="option"
          aria-selected={index === activeIndex}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onChoose(user)}
          onMouseMove={() => index !== activeIndex && onHover(index)}
          className={cn(
            'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2.5 py-1.5',
            index === activeIndex ? 'bg-accent-soft text-accent-soft-foreground' : 'text-foreground',
          )}
          data-testid="mention-option"
          data-handle={user.handle}
        >
          <UserAvatar handle={user.handle} imageId={user.avatarImageId} className="size-8" />
          <span className="grid min-w-0 leading-tight">
            <span className="truncate text-sm font-medium">{user.displayName || user.handle}</span>
            <span className={cn('truncate text-xs', index === activeIndex ? 'text-accent-soft-foreground' : 'text-muted-foreground')}>@{user.handle}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
