/**
 * What a buyer pastes to find the posting: its link (`…/oglas/123`, `…/pdf/123`), its number or its
 * code. Answers the path segment for `/dobropis20eur/{postId}`, or null when it is none of these.
 */
export function postingRefFromInput(input: string): string | null {
  const text = input.trim();
  const link = text.match(/\/(?:oglas|pdf|dobropis20eur)\/([A-Za-z0-9]{1,20})(?:[/?#]|$)/);
  if (link?.[1]) return link[1];
  return /^[A-Za-z0-9]{1,20}$/.test(text) ? text.toUpperCase() : null;
}
