import { imageUrl } from '@/lib/image-url';
import { cn } from '@/lib/utils';

/**
 * A round avatar: the image when there is one, else the first character of the name given (`handle`: the
 * display name where there is one) on a tinted disc; a whole character, also beyond the BMP. Decorative.
 */
export function UserAvatar({ handle, imageId, className, testId }: { handle: string; imageId: string | null; className?: string; testId?: string }) {
  return imageId ? (
    <img
      src={imageUrl(imageId, 'avatar')}
      alt=""
      aria-hidden="true"
      loading="lazy"
      decoding="async"
      data-testid={testId}
      data-avatar-image={imageId}
      className={cn('size-9 shrink-0 rounded-full bg-surface-sunken object-cover', className)}
    />
  ) : (
    <span
      aria-hidden="true"
      data-testid={testId}
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent-soft-foreground uppercase',
        className,
      )}
    >
      {Array.from(handle)[0] ?? ''}
    </span>
  );
}
