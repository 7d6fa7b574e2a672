import type { Kam } from '@loupe/contract/customers';
import type { Stone } from '@loupe/contract/stones';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { ContactSalesDialog } from '../../../domain/stones/grid/contact-sales-dialog';

/** The price lock (domain-facts §2.1): "Unlock" opens "Contact Sales Team" for this stone. */
export function UnlockPrice({ stone, kam }: { stone: Stone; kam: Kam | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        icon={<Icon name="lock" size={14} />}
        onClick={() => setOpen(true)}
      >
        Unlock
      </Button>
      {open ? <ContactSalesDialog kam={kam} stones={[stone]} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
