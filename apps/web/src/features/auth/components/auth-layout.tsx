import type { ReactNode } from 'react';
import { LoupeMark } from '../../../components/ui/icon';
import { paths } from '../../../config/paths';
import '../auth.css';

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the screens a visitor sees before logging in. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className="auth-page">
      <aside className="auth-brand">
        <div className="auth-brand-logo">
          <LoupeMark size={36} />
          <span>Loupe</span>
        </div>
        <p className="auth-brand-lead">Loose polished diamonds, straight from the Loupe Diamonds vaults.</p>
        <ul className="auth-brand-points">
          <li>Certified stones from GIA, IGI and HRD, priced against our own list</li>
          <li>New arrivals every day and live bid-to-buy events</li>
          <li>A key account manager who knows your business</li>
        </ul>
        <p className="auth-brand-foot">
          <a href={paths.privacyPolicy.href()}>Privacy policy</a>
        </p>
      </aside>
      <main className="auth-main">
        <div className="auth-card">
          <h1 className="auth-title">{title}</h1>
          {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
          {children}
        </div>
        {footer ? <div className="auth-footer">{footer}</div> : null}
      </main>
    </div>
  );
}
