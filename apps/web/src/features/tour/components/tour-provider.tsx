import type { Customer } from '@loupe/contract/customers';
import { type ReactNode, useMemo } from 'react';
import { useTourPopover } from '../hooks/use-tour-popover';
import { useTourRunner } from '../hooks/use-tour-runner';
import { TourContext } from './tour-context';
import { WelcomeDialog } from './welcome-dialog';

/**
 * The guided tour inside the shell: runs the machine, draws the shown step and the welcome dialog,
 * and gives the help menu its state and dispatch (useTour). Idle until the customer is loaded,
 * and in maintenance.
 */
export function TourProvider({
  customer,
  children,
}: {
  customer: Customer | undefined;
  children: ReactNode;
}) {
  const enabled = Boolean(customer && !customer.maintenance_mode.end_date);
  const { state, dispatch } = useTourRunner(customer?.kyc.status === 'approved', enabled);
  useTourPopover(state, dispatch);
  const value = useMemo(() => ({ state, dispatch }), [state, dispatch]);
  return (
    <TourContext value={value}>
      {children}
      {customer && state.activity.kind === 'welcome' ? (
        <WelcomeDialog
          firstName={customer.first_name}
          lastName={customer.last_name}
          onStart={() => dispatch({ type: 'start-clicked' })}
          onLater={() => dispatch({ type: 'later-clicked' })}
          onClose={() => dispatch({ type: 'exit', reason: 'close' })}
        />
      ) : null}
    </TourContext>
  );
}
