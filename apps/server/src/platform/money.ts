const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$12,345.60": how messages, emails and the invoice write an amount (pins: USD, cents). */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}
