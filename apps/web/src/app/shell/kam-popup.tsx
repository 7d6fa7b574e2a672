import type { Kam } from '@loupe/contract/customers';
import { useState } from 'react';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { Menu } from '../../components/ui/menu';
import { CallbackDialog } from '../../features/appointments/components/callback-dialog';
import { KamDetails, NoKamYet } from '../../features/customers/components/kam-details';

export interface KamPopupProps {
  kam: Kam | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The top bar's "Your KAM" button and the contact card it opens, with the callback request. */
export function KamPopup({ kam, open, onOpenChange }: KamPopupProps) {
  const [callback, setCallback] = useState(false);
  return (
    <>
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
        {(close) => (
          <div className="kam-popup">
            <p className="menu-heading">Your key account manager</p>
            {kam ? <KamDetails kam={kam} copyFeedback="toast" /> : <NoKamYet />}
            {kam ? (
              <Button
                size="sm"
                variant="secondary"
                className="kam-popup-callback"
                onClick={() => {
                  close();
                  setCallback(true);
                }}
              >
                Request a Callback
              </Button>
            ) : null}
          </div>
        )}
      </Menu>
      {callback ? <CallbackDialog onClose={() => setCallback(false)} /> : null}
    </>
  );
}
