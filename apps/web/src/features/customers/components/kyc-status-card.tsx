import type { Customer, KycStatus } from '@loupe/contract/customers';
import { Link } from 'react-router';
import { CardHead } from '../../../components/ui/card-head';
import { paths } from '../../../config/paths';
import { isKycUnderReview } from '../../../domain/customer/kyc-review';
import '../customers.css';

export const kycStatusLabel: Record<KycStatus, string> = {
  not_started: 'Not started',
  inprogress: 'In progress',
  pending: 'Under review',
  approved: 'Approved',
  rejected: 'Rejected',
};

type BannerKey = NonNullable<Customer['kyc']['banner_key']>;

const bannerText: Record<BannerKey, string> = {
  'online-under-inprogress': 'You started your KYC online. Finish the remaining steps to submit it.',
  'online-under-review': 'Your KYC documents are under review. We answer within 3 days.',
  'offline-under-inprogress': 'Your KAM is collecting your KYC documents offline.',
  'offline-under-review': 'The documents you handed to your KAM are under review. We answer within 3 days.',
  'email-under-inprogress': 'We are waiting for the KYC documents you are sending by email.',
  'email-under-review': 'The documents you emailed are under review. We answer within 3 days.',
};

function explanation(kyc: Customer['kyc'], existingUser: boolean): string {
  if (kyc.status === 'approved') return 'You can confirm stones, place bids and book appointments.';
  if (kyc.banner_key) return bannerText[kyc.banner_key];
  if (existingUser) return 'We are checking your account for the documents you shared with us before.';
  if (kyc.status === 'rejected')
    return 'Your KYC could not be approved. Please submit it again or talk to your KAM.';
  return 'Complete KYC to confirm stones, place bids and book appointments.';
}

export function KycStatusCard({ customer }: { customer: Customer }) {
  const { kyc } = customer;
  const approved = kyc.status === 'approved';
  return (
    <section className="card kyc-card" aria-labelledby="kyc-card-title">
      <CardHead icon="shield" tone={approved ? 'teal' : 'gold'} title="KYC status" id="kyc-card-title">
        <span
          className={`badge ${approved ? 'badge-success' : kyc.status === 'rejected' ? 'badge-danger' : 'badge-warning'}`}
        >
          {kycStatusLabel[kyc.status]}
        </span>
      </CardHead>
      <p className="card-text">{explanation(kyc, customer.existing_user)}</p>
      {/* Under review there is nothing left to complete: the card says so and offers no action. */}
      {approved || isKycUnderReview(kyc) ? null : (
        <Link className="btn btn-primary" to={paths.kyc.href()}>
          Complete KYC Now
        </Link>
      )}
    </section>
  );
}
