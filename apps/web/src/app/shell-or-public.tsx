import { useToken } from '../lib/auth-token';
import { LazyAppShell } from './lazy-shell';
import { PublicFrame } from './public-frame';

/** Pages anyone may read (the privacy policy): inside the shell when logged in, framed plainly otherwise. */
export function ShellOrPublic() {
  return useToken() ? <LazyAppShell /> : <PublicFrame />;
}
