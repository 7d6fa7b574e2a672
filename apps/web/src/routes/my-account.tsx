import { useSearchParams } from 'react-router';
import { Tabs } from '../components/ui/tabs';
import { ACCOUNT_TABS, type AccountTab, oneOf } from '../config/paths';
import { useCurrentCustomer } from '../domain/customer/current-customer';
import { useEndSessionHere } from '../features/auth/api/log-out';
import { useProfilePhoto } from '../features/customers/api/profile-photo';
import { ChangePasswordForm } from '../features/customers/components/change-password-form';
import { ProfileForm } from '../features/customers/components/profile-form';
import { ProfileHeader } from '../features/customers/components/profile-header';
import { ProfilePhotoEditor } from '../features/customers/components/profile-photo-editor';
import { NotificationPreferencesForm } from '../features/notices/components/notification-preferences-form';
import './my-account.css';

const TAB_LABELS: Record<AccountTab, string> = {
  profile: 'Profile',
  'change-password': 'Change Password',
  'notification-preferences': 'Notification Preferences',
};
const tabs = ACCOUNT_TABS.map((key) => ({ key, label: TAB_LABELS[key] }));

export function MyAccountRoute() {
  const customer = useCurrentCustomer();
  const [searchParams, setSearchParams] = useSearchParams();
  // `?path=<tab>` opens that tab (spec §2: notification-preferences among them); anything else Profile.
  const tab = oneOf(ACCOUNT_TABS, searchParams.get('path'), 'profile');
  const photoUrl = useProfilePhoto(128, customer.has_profile_photo);
  const endSessionHere = useEndSessionHere();

  return (
    <div className="page">
      <title>My Account · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">My Account</h1>
      </header>
      <div className="card account-card">
        <ProfileHeader customer={customer} photoUrl={photoUrl} />
        <Tabs
          label="Account sections"
          tabs={tabs}
          selected={tab}
          onSelect={(key) => setSearchParams({ path: key }, { replace: true })}
        >
          {tab === 'profile' ? (
            <>
              <ProfilePhotoEditor hasPhoto={customer.has_profile_photo} />
              <ProfileForm key={customer.id} customer={customer} />
            </>
          ) : tab === 'change-password' ? (
            // The server logged this device out with the others: on to the login page, which says why.
            <ChangePasswordForm onChanged={() => endSessionHere('password-changed')} />
          ) : (
            <NotificationPreferencesForm />
          )}
        </Tabs>
      </div>
    </div>
  );
}
