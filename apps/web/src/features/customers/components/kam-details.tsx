import type { Kam } from '@loupe/contract/customers';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Avatar } from '../../../components/ui/avatar';
import { Icon } from '../../../components/ui/icon';
import { copyText } from '../../../lib/clipboard';
import { SUPPORT_EMAIL, TOAST_DURATION_MS } from '../../../lib/config';
import { telUrl, whatsappUrl } from '../../../lib/format';
import '../customers.css';

export const DEFAULT_KAM_POST = 'Key Account Manager';
export const COPIED_MESSAGE = 'Copied Successfully';

/** The stock location codes a KAM sits at, in words. */
const officeOf: Record<string, string> = {
  BEL: 'Antwerp, Belgium',
  DUB: 'Dubai, UAE',
  IND: 'Mumbai, India',
  ISR: 'Ramat Gan, Israel',
  USA: 'New York, USA',
  HK: 'Hong Kong',
};

export function kamOffice(location: string): string {
  return officeOf[location.toUpperCase()] ?? location;
}

export interface KamDetailsProps {
  kam: Kam;
  /** "toast": a toast confirms the copy; "inline": the button itself says so for 4 s. */
  copyFeedback?: 'toast' | 'inline';
  showLocation?: boolean;
}

/** Photo or initials, name, post, phone, WhatsApp and email of the customer's KAM. */
export function KamDetails({ kam, copyFeedback = 'toast', showLocation = true }: KamDetailsProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copyEmail = async () => {
    if (!(await copyText(kam.email))) {
      toast.error('Could not copy the email address');
      return;
    }
    if (copyFeedback === 'toast') toast.success(COPIED_MESSAGE, { duration: TOAST_DURATION_MS });
    else setCopied(true);
  };

  return (
    <div className="kam">
      <div className="kam-head">
        <Avatar name={kam.kam_name} src={kam.image} size={48} />
        <div>
          <p className="kam-name">{kam.kam_name}</p>
          <p className="kam-post">{kam.post.trim() || DEFAULT_KAM_POST}</p>
          {showLocation && kam.location ? (
            <p className="kam-location">
              <Icon name="pin" size={13} /> {kamOffice(kam.location)}
            </p>
          ) : null}
        </div>
      </div>
      <ul className="kam-contacts">
        <li>
          <Icon name="phone" size={15} />
          <a href={telUrl(kam.phone)}>{kam.phone}</a>
        </li>
        <li>
          <Icon name="chat" size={15} />
          <a href={whatsappUrl(kam.phone)} target="_blank" rel="noreferrer">
            WhatsApp
          </a>
        </li>
        <li>
          <Icon name="mail" size={15} />
          <a href={`mailto:${kam.email}`}>{kam.email}</a>
          <button type="button" className="copy-button" onClick={() => void copyEmail()}>
            <Icon name="copy" size={14} />
            {copied ? COPIED_MESSAGE : 'Copy email'}
          </button>
        </li>
      </ul>
    </div>
  );
}

/** Shown where the KAM would be while none is assigned yet. */
export function NoKamYet() {
  return (
    <p className="kam-none">
      Your key account manager is being assigned. Until then our desk answers at{' '}
      <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
    </p>
  );
}
