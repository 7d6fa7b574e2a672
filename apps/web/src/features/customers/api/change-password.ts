import { changePassword as changePasswordRoute } from '@loupe/contract/auth';
import type { BodyOf } from '@loupe/contract/route';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type PasswordChange = BodyOf<typeof changePasswordRoute>;

export async function changePassword(body: PasswordChange): Promise<void> {
  await call(changePasswordRoute, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
