export const stoneKeys = {
  all: ['stones'] as const,
  byLot: (ids: readonly string[]) => [...stoneKeys.all, 'by-lot', ...ids] as const,
  traceability: (stoneId: string) => [...stoneKeys.all, 'traceability', stoneId] as const,
};
