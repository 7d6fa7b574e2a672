import type { Kam } from '@loupe/contract/customers';
import { Icon } from '../../components/ui/icon';
import { KamDetails, NoKamYet } from '../../features/customers/components/kam-details';
import { formatDateTime } from '../../lib/format';
import './overlays.css';

/** Replaces every page while maintenance_mode.end_date is set (spec §4 "Maintenance"). */
export function MaintenanceView({ endDate, kam }: { endDate: string; kam: Kam | null }) {
  return (
    <section className="maintenance" aria-labelledby="maintenance-title">
      <span className="maintenance-icon">
        <Icon name="settings" size={40} />
      </span>
      <h1 id="maintenance-title" className="page-title">
        Scheduled maintenance
      </h1>
      <p className="maintenance-text">
        This page is under maintenance until {formatDateTime(endDate)}. We apologise for the inconvenience.
      </p>
      <div className="card maintenance-kam">
        <h2 className="card-title">Need something urgently? Contact your key account manager</h2>
        {kam ? <KamDetails kam={kam} copyFeedback="inline" /> : <NoKamYet />}
      </div>
    </section>
  );
}
