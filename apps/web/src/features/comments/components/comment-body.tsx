import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { splitMentions } from '../utils/mentions';

/** The comment text with each `@handle` as a link to that profile. */
export function CommentBody({ body }: { body: string }) {
  return (
    <p className="text-[0.9375rem] leading-relaxed break-words whitespace-pre-wrap" data-testid="comment-body">
      {splitMentions(body).map((part, i) =>
        part.type === 'mention' ? (
          <Link
            key={i}
            to={paths.profile.getHref(part.handle)}
            className="font-medium text-accent underline-offset-2 hover:underline"
            data-testid="comment-mention"
          >
            {part.text}
          </Link>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
