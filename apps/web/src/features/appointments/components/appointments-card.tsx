import type { Customer } from '@loupe/contract/customers';
import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CardHead } from '../../../components/ui/card-head';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useCurrentCustomer } from '../../../domain/customer/current-customer';
import { appointmentsQuery, useAppointments } from '../api/appointments';
import { upcomingSummary } from '../appointment-format';
import '../appointments.css';

const showsAppointments = (customer: Customer) => customer.kyc.status === 'approved';

/**
 * Asks for what the card shows before it is on the screen (a fresh load of the dashboard); settles
 * once it is in the cache (answered or failed), at once for a customer the card shows none.
 */
export function prefetchAppointmentsCard(client: QueryClient, customer: Customer): Promise<void> {
  return showsAppointments(customer) ? client.prefetchQuery(appointmentsQuery()) : Promise.resolve();
}

/** The dashboard's Appointments card: how many are coming and the next one's date. */
export function AppointmentsCard() {
  const customer = useCurrentCustomer();
  const approved = showsAppointments(customer);
  const list = useAppointments({ enabled: approved });
  const summary = list.data ? upcomingSummary(list.data.data.upcoming) : null;
  return (
    <section className="card appointments-card" aria-labelledby="appointments-card-title">
      <CardHead icon="calendar" title="Appointments" id="appointments-card-title">
        {approved ? (
          <Link className="card-link" to={paths.myAppointments.href({ path: 'upcomingAppointments' })}>
            View All
          </Link>
        ) : null}
      </CardHead>
      {!approved ? <p className="card-muted">Complete your KYC to book appointments with your KAM.</p> : null}
      {approved && list.isPending ? <Spinner label="Loading appointments" /> : null}
      {approved && list.isError ? <p className="card-muted">Your appointments could not be loaded.</p> : null}
      {summary ? (
        <dl className="appointments-card-stats">
          <div>
            <dt>Upcoming</dt>
            <dd className="stat-value">{summary.count}</dd>
          </div>
          <div>
            <dt>Next</dt>
            <dd>{summary.next ?? 'None booked'}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
