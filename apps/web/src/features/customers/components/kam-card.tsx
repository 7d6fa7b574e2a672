import type { Kam } from '@loupe/contract/customers';
import { KamDetails, NoKamYet } from './kam-details';

/** The dashboard's KAM card (domain-facts §10.7). */
export function KamCard({ kam }: { kam: Kam | null }) {
  return (
    <section className="card kam-card" aria-labelledby="kam-card-title">
      <h2 className="card-title" id="kam-card-title">
        Your key account manager
      </h2>
      {kam ? <KamDetails kam={kam} copyFeedback="toast" /> : <NoKamYet />}
    </section>
  );
}
