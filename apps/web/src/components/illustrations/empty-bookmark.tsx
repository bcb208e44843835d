import type { SVGProps } from 'react';

/** Empty-state drawing for saved items: an open drawer with a bookmark ribbon waiting to be used. Decorative. */
export function EmptyBookmark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 160 120" fill="none" aria-hidden="true" focusable="false" {...props}>
      <rect x="30" y="52" width="100" height="48" rx="6" className="fill-cabinet stroke-wood-edge" strokeWidth="2.5" />
      <rect x="38" y="60" width="84" height="32" rx="4" className="stroke-border-strong" strokeWidth="2" strokeDasharray="5 5" />
      <rect x="70" y="94" width="20" height="4" rx="2" className="fill-wood-edge" />
      <path d="M68 14h24v40l-12-9-12 9z" className="fill-accent-soft stroke-accent" strokeWidth="3" strokeLinejoin="round" />
      <path d="M26 30l4 4m0-4l-4 4M128 24l3 3m0-3l-3 3M136 62l3 3m0-3l-3 3" className="stroke-muted-foreground" strokeWidth="1.8" strokeLinecap="round" />
      <ellipse cx="80" cy="108" rx="56" ry="3" className="fill-foreground" opacity="0.08" />
    </svg>
  );
}
