import type { Customer } from '@loupe/contract/customers';
import { fullName, greetingFor } from '../../../lib/format';

export function DashboardGreeting({ customer, now = new Date() }: { customer: Customer; now?: Date }) {
  const name = fullName(customer.first_name, customer.last_name);
  return (
    <header className="page-header">
      <h1 className="page-title">{name ? `Welcome, ${name}` : greetingFor(now)}</h1>
      <p className="page-subtitle">
        {greetingFor(now)}
        {customer.company_name ? ` — ${customer.company_name}` : ''}. Here is where your account stands today.
      </p>
    </header>
  );
}
