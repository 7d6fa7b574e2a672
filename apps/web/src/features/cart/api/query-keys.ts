export const cartKeys = {
  all: ['cart'] as const,
  /** Every stone of one tab of the cart, with the counts of all tabs. */
  tab: (tab: string) => [...cartKeys.all, 'tab', tab] as const,
};
