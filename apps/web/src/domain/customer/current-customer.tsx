import type { Customer } from '@loupe/contract/customers';
import { createContext, useContext } from 'react';

/** The loaded current customer, provided by the shell to the screens inside it. */
export const CurrentCustomerContext = createContext<Customer | null>(null);

export function useCurrentCustomer(): Customer {
  const customer = useContext(CurrentCustomerContext);
  if (!customer) throw new Error('useCurrentCustomer is used outside the authenticated shell');
  return customer;
}
