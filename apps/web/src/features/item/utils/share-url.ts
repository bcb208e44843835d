/** The share link of an item: a small page with preview tags that forwards to /i/{id}. */
export function shareUrl(itemId: string, origin: string = window.location.origin): string {
  return `${origin}/s/item/${encodeURIComponent(itemId)}`;
}
