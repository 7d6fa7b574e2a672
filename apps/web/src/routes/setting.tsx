import { useCurrentCustomer } from '../domain/customer/current-customer';
import { useLogOut } from '../features/auth/api/log-out';
import { DeveloperAccessCard } from '../features/customers/components/developer-access-card';
import { DeviceSessionCard } from '../features/customers/components/device-session-card';
import './setting.css';

export function SettingRoute() {
  const customer = useCurrentCustomer();
  const { logOut, pending } = useLogOut();
  return (
    <div className="page">
      <title>Settings · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">Settings</h1>
        <p className="page-subtitle">Your session on this device and how Loupe behaves in this browser.</p>
      </header>
      <div className="settings-grid">
        <DeviceSessionCard
          email={customer.email}
          onLogout={(scope) => void logOut(scope)}
          pending={pending}
        />
        <DeveloperAccessCard />
      </div>
    </div>
  );
}
