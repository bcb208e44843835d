import { ALT_TEXT_MAX, type ItemFacts } from '@curio/contract';

/**
 * A first alt text for an item's picture, for its owner to edit: the title, then what is known of the piece (its
 * facts when it has them, then its tags) in brackets: "Robby the Robot (Masudaya, 1985, 1:6, robots, tin)".
 * Cut to the contract's limit.
 */
export function altTextPrefill({ title, tags = [], facts }: { title: string; tags?: readonly string[]; facts?: Partial<ItemFacts> | null }): string {
  const known = [
    facts?.maker,
    facts?.line,
    facts?.character,
    facts?.year != null ? String(facts.year) : null,
    facts?.scale,
    facts?.edition ? `${facts.edition.number}/${facts.edition.of}` : null,
    ...tags,
  ]
    .map((v) => v?.trim())
    .filter((v): v is string => !!v && v.toLowerCase() !== title.trim().toLowerCase());
  const unique = [...new Set(known)];
  const text = unique.length ? `${title.trim()} (${unique.join(', ')})` : title.trim();
  return text.length > ALT_TEXT_MAX ? `${text.slice(0, ALT_TEXT_MAX - 1).trimEnd()}…` : text;
}
