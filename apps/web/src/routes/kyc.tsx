import { KycFlow } from '../features/kyc/components/kyc-flow';

/** /v2/kyc: the buyer's KYC, from the country choice to the decision. */
export function KycRoute() {
  return (
    <div className="page">
      <title>KYC · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">Complete your KYC</h1>
        <p className="page-subtitle">
          Verify your company once to see prices, confirm stones, place bids and book appointments.
        </p>
      </header>
      <KycFlow />
    </div>
  );
}
