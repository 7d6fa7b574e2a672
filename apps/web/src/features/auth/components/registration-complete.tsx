import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { paths } from '../../../config/paths';

/** The end of registration: the customer is logged in as a guest and chooses what comes next. */
export function RegistrationComplete({ firstName }: { firstName: string }) {
  return (
    <div className="registration-complete">
      <span className="success-badge">
        <Icon name="check" size={28} />
      </span>
      <h2 className="step-title">Your guest account is created</h2>
      <p>
        Welcome to Loupe{firstName ? `, ${firstName}` : ''}. As a guest you can browse our stock and prices
        right away. Complete KYC to confirm stones, place bids and book appointments; our team reviews
        documents within 3 days.
      </p>
      <div className="choice-row">
        <Link className="btn btn-primary" to={paths.kyc.href()}>
          Complete KYC
        </Link>
        <Link className="btn btn-secondary" to={paths.dashboard.href()}>
          Explore as a guest
        </Link>
      </div>
    </div>
  );
}
