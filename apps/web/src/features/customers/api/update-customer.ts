import { type Customer, updateMe } from '@loupe/contract/customers';
import type { BodyOf } from '@loupe/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setCustomer } from '../../../domain/customer/customer-cache';
import { call } from '../../../lib/api-client';

export type CustomerUpdate = BodyOf<typeof updateMe>;

export async function updateCustomer(body: CustomerUpdate): Promise<Customer> {
  const { customer } = await call(updateMe, { body });
  return customer;
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: (customer) => setCustomer(queryClient, customer),
  });
}
