import { createContext, useContext } from 'react';
import type { TourEvent, TourMachineState } from '../tour-state';

export interface TourContextValue {
  state: TourMachineState;
  dispatch: (event: TourEvent) => void;
}

export const TourContext = createContext<TourContextValue | null>(null);

/** The tour's state and its dispatch, inside TourProvider. */
export function useTour(): TourContextValue {
  const tour = useContext(TourContext);
  if (!tour) throw new Error('useTour is used outside TourProvider');
  return tour;
}
