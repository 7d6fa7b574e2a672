import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormMessage } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { logIn } from '../api/log-in';
import { type Registration, trackFunnelStep } from '../api/registration';
import { startSession } from '../api/session';
import { PhoneCodeStep } from './phone-code-step';
import { RegisterForm } from './register-form';
import { RegistrationComplete } from './registration-complete';

type Step =
  | { name: 'form' }
  | { name: 'verify'; registration: Registration }
  | { name: 'done'; firstName: string };

/** Form → SMS code → logged in as a guest (domain-facts §12), with the funnel recorded on the way. */
export function RegistrationFlow({ onStepChange }: { onStepChange?: (title: string) => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [loginError, setLoginError] = useState<string>();
  const opened = useRef(false);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    trackFunnelStep('form_opened');
  }, []);

  useEffect(() => {
    onStepChange?.(
      step.name === 'form'
        ? 'Create your account'
        : step.name === 'verify'
          ? 'Verify your mobile number'
          : 'Welcome',
    );
  }, [step.name, onStepChange]);

  if (step.name === 'verify') {
    const { registration } = step;
    return (
      <>
        <PhoneCodeStep
          number={{ phone: registration.phone, country_code: registration.country_code }}
          entryPoint="registration"
          allowEdit
          onVerified={async (number) => {
            trackFunnelStep('otp_verified', { mobile_number: number.phone, status: 'success' });
            try {
              const { access_token, customer } = await logIn({
                email: registration.email,
                password: registration.password,
              });
              startSession(queryClient, access_token, customer);
              setStep({ name: 'done', firstName: registration.first_name });
            } catch (error) {
              setLoginError(errorText(error));
            }
          }}
        />
        {loginError ? (
          <FormMessage tone="error">
            Your mobile number is verified, but logging in failed: {loginError}{' '}
            <Link to={paths.login.href()}>Log in</Link>
          </FormMessage>
        ) : null}
      </>
    );
  }

  if (step.name === 'done') return <RegistrationComplete firstName={step.firstName.trim()} />;

  return <RegisterForm onRegistered={(registration) => setStep({ name: 'verify', registration })} />;
}
