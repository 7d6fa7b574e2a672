import { useSearchParams } from 'react-router';
import { useCurrentCustomer } from '../app/shell/current-customer';
import { Tabs } from '../components/ui/tabs';
import { useProfilePhoto } from '../features/customers/api/profile-photo';
import { ChangePasswordForm } from '../features/customers/components/change-password-form';
import { ProfileForm } from '../features/customers/components/profile-form';
import { ProfileHeader } from '../features/customers/components/profile-header';
import { ProfilePhotoEditor } from '../features/customers/components/profile-photo-editor';

type AccountTab = 'profile' | 'change-password';

const tabs = [
  { key: 'profile', label: 'Profile' },
  { key: 'change-password', label: 'Change Password' },
] as const;

/** `?path=change-password` opens that tab; anything else (notification-preferences too) opens Profile. */
function tabOf(path: string | null): AccountTab {
  return path === 'change-password' ? 'change-password' : 'profile';
}

export function MyAccountRoute() {
  const customer = useCurrentCustomer();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get('path'));
  const photoUrl = useProfilePhoto(128, customer.has_profile_photo);

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
          ) : (
            <ChangePasswordForm />
          )}
        </Tabs>
      </div>
    </div>
  );
}
