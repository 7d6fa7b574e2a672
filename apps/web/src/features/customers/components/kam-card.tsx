import type { Kam } from '@loupe/contract/customers';
import type { ReactNode } from 'react';
import { KamDetails, NoKamYet } from './kam-details';

/** The dashboard's KAM card (domain-facts §10.7). */
/** `actions`: what the screen offers beside the contact (the callback request, from appointments). */
export function KamCard({ kam, actions = null }: { kam: Kam | null; actions?: ReactNode }) {
  return (
    <section className="card kam-card" aria-labelledby="kam-card-title">
      <h2 className="card-title" id="kam-card-title">
        Your key account manager
      </h2>
      {kam ? <KamDetails kam={kam} copyFeedback="toast" /> : <NoKamYet />}
      {actions ? <div className="kam-card-actions">{actions}</div> : null}
    </section>
  );
}
