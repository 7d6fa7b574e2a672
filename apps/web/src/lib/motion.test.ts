import { describe, expect, it, vi } from 'vitest';
import { scrollBehavior } from './motion';

function prefers(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }) as MediaQueryList,
  );
}

describe('scrollBehavior', () => {
  it('scrolls smoothly for a buyer who has not asked for less motion', () => {
    prefers(false);
    expect(scrollBehavior()).toBe('smooth');
  });

  it('jumps at once for a buyer whose system asks for reduced motion', () => {
    prefers(true);
    expect(scrollBehavior()).toBe('instant');
  });
});
