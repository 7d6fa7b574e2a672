/** "May 6, 2026, 6:00 PM UTC": how a date reads in a notice. */
export function readableDate(date: Date): string {
  return `${date.toLocaleString('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' })} UTC`;
}

/** "LD1" or "3 stones (LD1, LD2, LD3)": the stones a notice is about. */
export function stonesPhrase(lots: readonly string[]): string {
  return lots.length === 1 ? lots[0]! : `${lots.length} stones (${lots.join(', ')})`;
}
