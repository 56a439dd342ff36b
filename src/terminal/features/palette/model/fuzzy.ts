/**
 * How well a query matches a text, letters in order with gaps allowed ("btc" finds "PERP_BTC_USDC",
 * "ldr" finds "Ladder"); undefined when it does not. Higher is better: letters that follow each
 * other, a match at the start or at a word's start, and a shorter text score more.
 */
export function fuzzyScore(query: string, text: string): number | undefined {
  const needle = query.trim().toLowerCase();
  if (needle === '') return 0;
  const hay = text.toLowerCase();
  const exact = hay.indexOf(needle);
  if (exact >= 0) return 1000 - exact * 10 - hay.length + (exact === 0 || isWordStart(hay, exact) ? 200 : 0);
  let score = 0;
  let at = -1;
  for (const letter of needle) {
    const found = hay.indexOf(letter, at + 1);
    if (found < 0) return undefined;
    score += found === at + 1 ? 15 : isWordStart(hay, found) ? 10 : 1;
    at = found;
  }
  return score - hay.length / 10;
}

function isWordStart(text: string, index: number): boolean {
  return index === 0 || /[\s_\-/·]/.test(text[index - 1] ?? '');
}
