import type { Customer } from '@loupe/contract/customers';
import { Avatar } from '../../../components/ui/avatar';
import { Icon } from '../../../components/ui/icon';
import { formatPhone, fullName } from '../../../lib/format';
import '../customers.css';

const kycBadge: Record<Customer['kyc']['status'], { label: string; tone: string }> = {
  not_started: { label: 'KYC Pending', tone: 'badge-warning' },
  inprogress: { label: 'KYC In-progress', tone: 'badge-warning' },
  pending: { label: 'KYC In-progress', tone: 'badge-warning' },
  approved: { label: 'KYC Approved', tone: 'badge-success' },
  rejected: { label: 'KYC Rejected', tone: 'badge-danger' },
};

/** Name, verified tick, KYC badge, email and phone (domain-facts §9). */
export function ProfileHeader({ customer, photoUrl }: { customer: Customer; photoUrl: string | null }) {
  const name = fullName(customer.first_name, customer.last_name);
  const badge = kycBadge[customer.kyc.status];
  return (
    <div className="profile-header">
      <Avatar name={name} src={photoUrl} size={72} />
      <div>
        <p className="profile-name">
          {name}
          {customer.is_phone_verified ? (
            <span className="verified" title="Mobile number verified">
              <Icon name="check" size={14} />
              <span className="visually-hidden">Verified</span>
            </span>
          ) : null}
          <span className={`badge ${badge.tone}`}>{badge.label}</span>
        </p>
        <p className="profile-meta">{customer.company_name}</p>
        <p className="profile-meta">
          {customer.email} · {formatPhone(customer.country_code, customer.phone)}
        </p>
      </div>
    </div>
  );
}
