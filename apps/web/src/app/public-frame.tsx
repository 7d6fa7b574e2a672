import { Link, Outlet } from 'react-router';
import { LoupeMark } from '../components/ui/icon';
import { paths } from '../config/paths';
import './public-frame.css';

/** A plain frame for public pages read before logging in (the privacy policy). */
export function PublicFrame() {
  return (
    <div className="public-frame">
      <header className="public-header">
        <Link to={paths.login.href()} className="public-logo" aria-label="Loupe home">
          <LoupeMark size={28} />
          <span>Loupe</span>
        </Link>
        <nav aria-label="Account">
          <Link to={paths.login.href()}>Log in</Link>
          <Link className="btn btn-primary btn-sm" to={paths.register.href()}>
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
