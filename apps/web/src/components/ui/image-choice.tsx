import type { ComponentProps, ReactNode } from 'react';
import { imageUrl } from '@/lib/image-url';
import { cn } from '@/lib/utils';

type ImageChoiceProps = Omit<ComponentProps<'label'>, 'onSelect' | 'children'> & {
  /** The radio group's name: one per list of choices. */
  name: string;
  value: string;
  imageId: string;
  checked: boolean;
  onSelect: (value: string) => void;
  /** What a screen reader says for this choice (the picture itself is decoration). */
  label: string;
  /** Badges drawn over the picture (its number, "current", a check). */
  children?: ReactNode;
};

/**
 * One picture to choose among others (a generated variant): a 4:5 thumbnail that is a radio button, with a visible
 * focus ring and an accent border when chosen. The wizard's last step and the item page's "Change image" use it.
 */
export function ImageChoice({ name, value, imageId, checked, onSelect, label, children, className, ...rest }: ImageChoiceProps) {
  return (
    <label
      {...rest}
      data-state={checked ? 'checked' : 'unchecked'}
      className={cn(
        'relative block cursor-pointer overflow-hidden rounded-xl border-2 bg-surface-sunken transition-[border-color,transform] duration-150 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        checked ? 'border-accent' : 'border-transparent hover:border-border-strong',
        className,
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onSelect(value)}
        className="absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0"
        aria-label={label}
      />
      <img src={imageUrl(imageId, 'thumb')} alt="" loading="lazy" decoding="async" className="aspect-[4/5] w-full object-cover" />
      {children}
    </label>
  );
}
