import { COMMENT_INPUT_MAX, COMMENT_MAX, commentsCreateInputSchema } from '@curio/contract';
import { Loader2, Send } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { isApiError } from '@/lib/api-client';
import { errorText, setServerErrors, useZodForm, type FormKeys } from '@/lib/form';
import { cn } from '@/lib/utils';
import { useCreateComment } from '../api/create-comment';
import { useMentionSearch, type MentionSuggestion } from '../api/search-mentions';
import { findMentionFragment, insertMention, type MentionFragment } from '../utils/mentions';
import { MentionListbox, mentionOptionId } from './mention-listbox';

const MENTION_DEBOUNCE_MS = 200;

/** The comment's rule of the contract (the item is the composer's own). */
const commentFormSchema = commentsCreateInputSchema.pick({ body: true });
/** The spec's texts for the body's codes (the form's check and the server's alike). */
const KEYS: FormKeys = { body: { required: 'comments.errorEmpty', too_long: 'comments.errorTooLong' } };

/**
 * The comment box: 600 characters of input, a current/500 counter, Post disabled when blank, over 500 or
 * posting; "@" plus 2 handle characters before the caret opens mention suggestions (arrow keys move,
 * Enter or Tab choose, Escape closes).
 */
export function CommentComposer({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-mentions`;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const form = useZodForm(commentFormSchema, { keys: KEYS, defaultValues: { body: '' } });
  const body = form.watch('body');
  const setBody = (value: string) => form.setValue('body', value);
  const [fragment, setFragment] = useState<MentionFragment | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const pendingCaret = useRef<number | null>(null);
  const create = useCreateComment(itemId);

  const query = useDebouncedValue(fragment?.query ?? null, MENTION_DEBOUNCE_MS);
  const search = useMentionSearch(fragment ? query : null);
  const users = fragment && query && !search.isError ? (search.data?.users ?? []) : [];
  const fragmentKey = fragment ? `${fragment.start}:${fragment.query}` : null;
  const open = !!fragment && users.length > 0 && dismissed !== fragmentKey;
  const active = Math.min(activeIndex, Math.max(0, users.length - 1));

  useEffect(() => setActiveIndex(0), [search.data]);

  useLayoutEffect(() => {
    const el = textareaRef.current;
    if (pendingCaret.current === null || !el) return;
    el.focus();
    el.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  }, [body]);

  const length = body.length;
  const over = length > COMMENT_MAX;
  const canPost = !over && commentFormSchema.safeParse({ body }).success && !create.isPending;

  const syncFragment = (el: HTMLTextAreaElement) => {
    const caret = el.selectionStart === el.selectionEnd ? el.selectionStart : -1;
    setFragment(findMentionFragment(el.value, caret));
  };

  const choose = (user: MentionSuggestion) => {
    if (!fragment) return;
    const next = insertMention(body, fragment, user.handle);
    pendingCaret.current = next.caret;
    setBody(next.text.slice(0, COMMENT_INPUT_MAX));
    setFragment(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActiveIndex((active + 1) % users.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveIndex((active - 1 + users.length) % users.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      choose(users[active]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDismissed(fragmentKey);
    }
  };

  const onSubmit = form.handleSubmit(() => {
    create.mutate(body, {
      onSuccess: () => {
        form.reset({ body: '' });
        setFragment(null);
        toast.success(t('comments.posted'));
      },
      onError: (err) => {
        if (isApiError(err) && err.code === 'rate_limited') toast.error(t('comments.errorRateLimit'));
        // A block between the viewer and the item's owner, either way.
        else if (isApiError(err) && err.code === 'blocked') toast.error(t('comments.errorBlocked'));
        else if (!setServerErrors(err, form.setError, KEYS, ['body'])) toast.error(t('common.error'));
      },
    });
  });

  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const shownError = errorText(t, form.formState.errors.body) ?? (over ? t('comments.errorTooLong') : null);

  return (
    <form onSubmit={onSubmit} className="grid gap-2" noValidate data-testid="comment-form">
      <Label htmlFor={`${id}-body`}>{t('comments.addLabel')}</Label>
      <div className="relative">
        <Textarea
          ref={textareaRef}
          id={`${id}-body`}
          value={body}
          maxLength={COMMENT_INPUT_MAX}
          rows={3}
          placeholder={t('comments.placeholder')}
          onChange={(e) => {
            setBody(e.target.value);
            form.clearErrors('body');
            syncFragment(e.target);
          }}
          onSelect={(e) => syncFragment(e.currentTarget)}
          onKeyDown={onKeyDown}
          onBlur={() => setFragment(null)}
          aria-invalid={!!shownError}
          aria-describedby={shownError ? `${errorId} ${counterId}` : counterId}
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? mentionOptionId(listId, active) : undefined}
          data-testid="comment-input"
        />
        {open ? <MentionListbox id={listId} users={users} activeIndex={active} onChoose={choose} onHover={setActiveIndex} /> : null}
      </div>
      <div role="status" className="sr-only">
        {open ? t('comments.mentionsAvailable', { count: users.length }) : ''}
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <p id={counterId} className={cn('text-sm tabular-nums', over ? 'font-medium text-danger' : 'text-muted-foreground')} data-testid="comment-counter">
            <span className="sr-only">{t('comments.counterLabel')} </span>
            {t('comments.counter', { count: length, max: COMMENT_MAX })}
          </p>
          {shownError ? (
            <p id={errorId} role="alert" className="text-sm font-medium text-danger" data-testid="comment-error">
              {shownError}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={!canPost} data-testid="comment-post">
          {create.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {t('comments.post')}
        </Button>
      </div>
    </form>
  );
}
