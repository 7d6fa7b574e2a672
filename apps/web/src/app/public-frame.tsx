import { Link, Outlet } from 'react-router';
import { LoupeMark } from '../components/ui/icon';

/** A plain frame for public pages read before logging in (the privacy policy). */
export function PublicFrame() {
  return (
    <div className="public-frame">
      <header className="public-header">
        <Link to="/v2/login" className="public-logo" aria-label="Loupe home">
          <LoupeMark size={28} />
          <span>Loupe</span>
        </Link>
        <nav aria-label="Account">
          <Link to="/v2/login">Log in</Link>
          <Link className="btn btn-primary btn-sm" to="/v2/register">
            Register
          </Link>
        </nav>
      </header>
      <main className="public-main">
        <Outlet />
      </main>
    </div>
  );
}
