import { useCallback, useState } from 'react';
import { readItem, writeItem } from '../../../lib/storage';

/** Rows per page of the grid; 20 unless the buyer chose another, which is remembered. */
export const PAGE_SIZES = [20, 50, 100, 300] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_KEY = 'loupe.gridPageSize';

export function storedPageSize(): number {
  const stored = Number(readItem('local', PAGE_SIZE_KEY));
  return (PAGE_SIZES as readonly number[]).includes(stored) ? stored : DEFAULT_PAGE_SIZE;
}

export function usePageSize(): [number, (size: number) => void] {
  const [size, setSize] = useState(storedPageSize);
  const choose = useCallback((next: number) => {
    writeItem('local', PAGE_SIZE_KEY, String(next));
    setSize(next);
  }, []);
  return [size, choose];
}
