export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  list: (filter: { name?: string; limit?: number } = {}) => [...savedSearchKeys.all, 'list', filter] as const,
};
