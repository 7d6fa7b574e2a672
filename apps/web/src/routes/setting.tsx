import { useCurrentCustomer } from '../domain/customer/current-customer';
import { useLogOutWithConfirm } from '../features/auth/components/log-out-confirm';
import { DeveloperAccessCard } from '../features/customers/components/developer-access-card';
import { DeviceSessionCard } from '../features/customers/components/device-session-card';
import './setting.css';

export function SettingRoute() {
  const customer = useCurrentCustomer();
  const { logOut, pending, dialog } = useLogOutWithConfirm();
  return (
    <div className="page">
      <title>Settings · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">Settings</h1>
        <p className="page-subtitle">Your session on this device and how Loupe behaves in this browser.</p>
      </header>
      <div className="settings-grid">
        <DeviceSessionCard email={customer.email} onLogout={logOut} pending={pending} />
        <DeveloperAccessCard />
      </div>
      {dialog}
    </div>
  );
}
