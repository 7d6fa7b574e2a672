import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { readStoredLocation } from '../../../domain/customer/location-store';
import { describeDevice } from '../../../lib/device';
import '../customers.css';

export type LogoutScope = 'this-device' | 'all-devices';

export interface DeviceSessionCardProps {
  email: string;
  onLogout: (scope: LogoutScope) => void;
  pending: LogoutScope | null;
}

/** This device's session and the two ways to end sessions (spec §1: this device or all devices). */
export function DeviceSessionCard({ email, onLogout, pending }: DeviceSessionCardProps) {
  const location = readStoredLocation();
  const place = [location?.city, location?.country].filter(Boolean).join(', ');
  return (
    <section className="card" aria-labelledby="device-session-title">
      <h2 className="card-title" id="device-session-title">
        <Icon name="device" /> This device
      </h2>
      <dl className="facts">
        <dt>Device</dt>
        <dd>{describeDevice()}</dd>
        <dt>Logged in as</dt>
        <dd>{email}</dd>
        <dt>Location shared</dt>
        <dd>{place || 'Not shared (location access is off or unavailable)'}</dd>
      </dl>
      <p className="card-text">
        Logging out of all devices also ends the sessions on your phone and on any other computer. Those
        devices show a session-expired message and ask to log in again.
      </p>
      <div className="form-actions">
        <Button variant="secondary" busy={pending === 'this-device'} onClick={() => onLogout('this-device')}>
          Logout this device
        </Button>
        <Button variant="danger" busy={pending === 'all-devices'} onClick={() => onLogout('all-devices')}>
          Logout all devices
        </Button>
      </div>
    </section>
  );
}
