import type { SVGProps } from 'react';

/** Not-found drawing: an empty plinth under a spotlight, with a question-mark placard. Decorative. */
export function EmptyPlinth(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 200 170" fill="none" aria-hidden="true" focusable="false" {...props}>
      <path d="M100 6L50 120h100z" className="fill-accent" opacity="0.1" />
      <rect x="94" y="2" width="12" height="8" rx="2" className="fill-muted-foreground" />
      <rect x="62" y="118" width="76" height="10" rx="3" className="fill-wood" />
      <rect x="70" y="128" width="60" height="36" rx="2" className="fill-wood-edge" />
      <rect x="84" y="138" width="32" height="16" rx="2" className="fill-surface" />
      <path d="M96 143c0-3 2-4 4-4s4 1 4 3c0 3-4 3-4 6M100 151v1" className="stroke-foreground" strokeWidth="1.8" strokeLinecap="round" />
      <ellipse cx="100" cy="118" rx="30" ry="4" className="fill-foreground" opacity="0.06" />
    </svg>
  );
}
