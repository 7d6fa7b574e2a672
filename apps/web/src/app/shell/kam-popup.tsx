import type { Kam } from '@loupe/contract/customers';
import { Avatar } from '../../components/ui/avatar';
import { Icon } from '../../components/ui/icon';
import { Menu } from '../../components/ui/menu';
import { KamDetails, NoKamYet } from '../../features/customers/components/kam-details';

export interface KamPopupProps {
  kam: Kam | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The top bar's "Your KAM" button and the contact card it opens. */
export function KamPopup({ kam, open, onOpenChange }: KamPopupProps) {
  return (
    <Menu
      label="Your KAM"
      open={open}
      onOpenChange={onOpenChange}
      triggerClassName="top-bar-button"
      trigger={
        <>
          {kam ? <Avatar name={kam.kam_name} src={kam.image} size={24} /> : <Icon name="user" />}
          <span className="top-bar-button-text">Your KAM</span>
        </>
      }
    >
      {() => (
        <div className="kam-popup">
          <p className="menu-heading">Your key account manager</p>
          {kam ? <KamDetails kam={kam} copyFeedback="toast" /> : <NoKamYet />}
        </div>
      )}
    </Menu>
  );
}
