import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { paths } from '../../../config/paths';

/**
 * The end of registration (domain-facts §12, "guest account created"): the customer is logged in
 * as a guest, who sees the stock without prices until KYC is approved, and chooses what comes next.
 */
export function RegistrationComplete({ firstName }: { firstName: string }) {
  return (
    <div className="registration-complete">
      <span className="success-badge">
        <Icon name="check" size={28} />
      </span>
      <h2 className="step-title">Guest account created</h2>
      <p>
        Welcome to Loupe{firstName ? `, ${firstName}` : ''}. As a guest you can browse our stock right away.
        Prices and buying open once your KYC is approved: complete it to see live prices, confirm stones,
        place bids and book appointments. Our team reviews documents within 3 days.
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
