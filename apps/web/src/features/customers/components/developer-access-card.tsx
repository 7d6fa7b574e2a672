import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { setDevAccess, useDevAccess } from '../../../lib/dev-access';

/** The state of the hidden developer override of the mobile-screen block (spec §5). */
export function DeveloperAccessCard() {
  const on = useDevAccess();
  return (
    <section className="card" aria-labelledby="developer-access-title">
      <h2 className="card-title" id="developer-access-title">
        <Icon name="settings" /> Small-screen access
      </h2>
      <p className="card-text">
        Loupe is built for screens at least 1024 px wide; smaller screens are asked to use the mobile app.
      </p>
      <p className="card-text">
        Developer access is <strong>{on ? 'on' : 'off'}</strong>:{' '}
        {on
          ? 'this browser may use Loupe on a small screen and gets no developer-tools warning.'
          : 'small screens in this browser see the mobile-app prompt.'}
      </p>
      {on ? (
        <Button variant="secondary" onClick={() => setDevAccess(false)}>
          Turn developer access off
        </Button>
      ) : null}
    </section>
  );
}
