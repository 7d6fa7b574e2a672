import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import {
  ALL_GRANTED,
  answerConsent,
  CONSENT_BANNER_DELAY_MS,
  DEFAULT_CONSENT,
  hasAnsweredConsent,
  initConsent,
} from '../../lib/tracking/consent';
import './consent-banner.css';

/**
 * The cookie consent banner (spec §9): until the visitor answers, everything is denied but the
 * storage that keeps the account safe. It appears 500 ms after load and never blocks the page.
 */
export function ConsentBanner() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    initConsent();
    if (hasAnsweredConsent()) return;
    const timer = window.setTimeout(() => setOpen(true), CONSENT_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!open) return null;
  const answer = (state: typeof ALL_GRANTED) => {
    answerConsent(state);
    setOpen(false);
  };
  return (
    <section className="consent-banner" aria-label="Cookie consent" aria-describedby="consent-text">
      <h2 className="consent-title">Cookies on Loupe</h2>
      <p id="consent-text">
        We use storage that keeps your account secure. With your permission we also measure how the portal is
        used (time on pages, shared stones) and which campaign brought you here, to improve it. Read our{' '}
        <a href={paths.privacyPolicy.href()} target="_blank" rel="noreferrer">
          privacy policy
        </a>
        .
      </p>
      <div className="consent-actions">
        <Button variant="secondary" onClick={() => answer(DEFAULT_CONSENT)}>
          Only necessary
        </Button>
        <Button onClick={() => answer(ALL_GRANTED)}>Accept all</Button>
      </div>
    </section>
  );
}
