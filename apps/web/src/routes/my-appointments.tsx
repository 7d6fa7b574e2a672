import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useCurrentCustomer } from '../domain/customer/current-customer';
import { MyAppointments } from '../features/appointments/components/my-appointments';

/**
 * /v2/my-appointments (and /v2/appointments): appointments with the KAM. The side bar disables the
 * entry unless KYC is approved (spec §2); an address typed by hand says why.
 */
export function MyAppointmentsRoute() {
  const customer = useCurrentCustomer();
  const approved = customer.kyc.status === 'approved';
  return (
    <div className="page">
      <title>My Appointments · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">My Appointments</h1>
        <p className="page-subtitle">
          Meet your key account manager at our store to see stones before you buy.
        </p>
      </header>
      {approved ? (
        <MyAppointments />
      ) : (
        <div className="card">
          <p>Complete your KYC to book appointments with your key account manager.</p>
          <Link className="btn btn-primary" to={paths.kyc.href()}>
            Complete KYC
          </Link>
        </div>
      )}
    </div>
  );
}
