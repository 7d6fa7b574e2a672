import type { Customer } from '@loupe/contract/customers';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Icon } from '../../components/ui/icon';
import { Menu } from '../../components/ui/menu';
import { paths } from '../../config/paths';
import { useLogOutWithConfirm } from '../../features/auth/components/log-out-confirm';
import { useProfilePhoto } from '../../features/customers/api/profile-photo';
import { fullName } from '../../lib/format';

export function ProfileMenu({ customer }: { customer: Customer | undefined }) {
  const name = customer ? fullName(customer.first_name, customer.last_name) : '';
  const photoUrl = useProfilePhoto(32, Boolean(customer?.has_profile_photo));
  const { logOut, pending, dialog } = useLogOutWithConfirm();

  return (
    <>
      <Menu
        label="Profile"
        triggerClassName="top-bar-button profile-trigger"
        trigger={<Avatar name={name} src={photoUrl} size={32} />}
      >
        {(close) => (
          <div className="profile-popup">
            <div className="profile-popup-head">
              <Avatar name={name} src={photoUrl} size={40} />
              <div>
                <p className="profile-popup-name">{name}</p>
                <p className="profile-popup-email">{customer?.email}</p>
              </div>
            </div>
            <ul className="menu-list">
              <li>
                <Link className="menu-item" to={paths.myAccount.href()} onClick={close}>
                  <Icon name="user" /> My Account
                </Link>
              </li>
              <li>
                <Link className="menu-item" to={paths.setting.href()} onClick={close}>
                  <Icon name="settings" /> Settings
                </Link>
              </li>
              <li>
                <button
                  type="button"
                  className="menu-item"
                  disabled={pending !== null}
                  onClick={() => logOut('this-device')}
                >
                  <Icon name="logout" /> Logout this device
                </button>
              </li>
              <li>
                <button
                  type="button"
                  className="menu-item menu-item-danger"
                  disabled={pending !== null}
                  onClick={() => {
                    close();
                    logOut('all-devices');
                  }}
                >
                  <Icon name="logout" /> Logout all devices
                </button>
              </li>
            </ul>
          </div>
        )}
      </Menu>
      {dialog}
    </>
  );
}
