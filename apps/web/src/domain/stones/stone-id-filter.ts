import type { Stone } from '@loupe/contract/stones';

/** Stone ids and certificate numbers typed into "Search by Stone ID", split on spaces and commas. */
export function stoneIdTokens(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((token) => token.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}

/** The stones whose stock number or certificate number contains one of the typed ids. */
export function filterByStoneId(stones: readonly Stone[], text: string): readonly Stone[] {
  const tokens = stoneIdTokens(text);
  if (tokens.length === 0) return stones;
  return stones.filter((stone) => {
    const lot = stone.lot_id.toUpperCase();
    const certificate = stone.certificate_number?.toUpperCase() ?? '';
    return tokens.some((token) => lot.includes(token) || certificate.includes(token));
  });
}
