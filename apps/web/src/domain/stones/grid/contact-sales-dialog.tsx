import type { Kam } from '@loupe/contract/customers';
import type { Stone } from '@loupe/contract/stones';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SUPPORT_EMAIL } from '../../../lib/config';
import { whatsappUrl } from '../../../lib/format';
import { GridIcon } from './grid-icons';

export const CONTACT_SALES_TITLE = 'Contact Sales Team';

function describeStone(stone: Stone): string {
  const grades = [stone.color ?? stone.fancy_color, stone.clarity].filter(Boolean).join(' ');
  return `${stone.lot_id} (${stone.shape_full} ${stone.carats.toFixed(2)}ct${grades ? ` ${grades}` : ''})`;
}

/** The message a buyer without approved KYC sends to ask for prices. */
export function unlockMessage(kam: Kam | null, stones: readonly Stone[]): string {
  const greeting = kam ? `Hello ${kam.kam_name.split(' ')[0]},` : 'Hello,';
  const list = stones.slice(0, 10).map(describeStone).join(', ');
  const more = stones.length > 10 ? ` and ${stones.length - 10} more` : '';
  return `${greeting}\n\nI would like to see the price of ${list}${more}. Please help me complete my KYC so prices are unlocked for me.\n\nThank you.`;
}

/**
 * "Unlock" on a locked price: a prefilled message to the customer's KAM, sent by email or
 * WhatsApp. Without a KAM yet, the sales desk's address takes the email.
 */
export function ContactSalesDialog({
  kam,
  stones,
  onClose,
}: {
  kam: Kam | null;
  stones: readonly Stone[];
  onClose: () => void;
}) {
  const [message, setMessage] = useState(() => unlockMessage(kam, stones));
  const messageId = useId();
  const email = kam?.email ?? SUPPORT_EMAIL;
  const subject = 'Price request';
  const mailto = `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(message)}`;
  const whatsapp = kam ? `${whatsappUrl(kam.phone)}?text=${encodeURIComponent(message)}` : null;

  return (
    <Dialog
      title={CONTACT_SALES_TITLE}
      onClose={onClose}
      className="contact-sales-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <a className="btn btn-secondary" href={mailto} onClick={onClose}>
            <GridIcon name="mail" /> Email
          </a>
          {whatsapp ? (
            <a className="btn btn-primary" href={whatsapp} target="_blank" rel="noreferrer" onClick={onClose}>
              <GridIcon name="chat" /> WhatsApp
            </a>
          ) : null}
        </>
      }
    >
      <p>
        Prices open once your KYC is approved.{' '}
        {kam ? (
          <>
            Ask <strong>{kam.kam_name}</strong>, your key account manager, for the prices you need.
          </>
        ) : (
          <>Ask our sales desk for the prices you need.</>
        )}
      </p>
      <label className="field-label" htmlFor={messageId}>
        Message
      </label>
      <textarea
        id={messageId}
        className="input contact-sales-message"
        rows={6}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
    </Dialog>
  );
}
