import { useState } from 'react';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { RegistrationFlow } from '../features/auth/components/registration-flow';

export function RegisterRoute() {
  const [title, setTitle] = useState('Create your account');
  return (
    <AuthLayout
      title={title}
      subtitle={
        title === 'Create your account'
          ? 'Register your company to see Loupe stock and prices. KYC comes later.'
          : undefined
      }
    >
      <RegistrationFlow onStepChange={setTitle} />
    </AuthLayout>
  );
}
