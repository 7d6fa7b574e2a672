import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/ui/icon';
import { Menu } from '../../components/ui/menu';
import { paths } from '../../config/paths';
import { RestartTooltip } from '../../features/tour/components/restart-tooltip';
import { useTour } from '../../features/tour/components/tour-context';

/**
 * The help menu (spec §2, §6): the tour's items for approved customers only ("Take the tour"
 * starts it on the dashboard, "Restart tour" sets it back to not_started and shows the welcome
 * dialog again), then FAQs and the KAM for everyone.
 */
export function HelpMenu({ approved, onContactKam }: { approved: boolean; onContactKam: () => void }) {
  const { state, dispatch } = useTour();
  return (
    <div className="help-menu">
      <Menu
        label="Help"
        triggerClassName="top-bar-button"
        trigger={
          <>
            <Icon name="help" />
            <span className="top-bar-button-text">Help</span>
          </>
        }
      >
        {(close) => {
          const item = (icon: IconName, label: string, act: () => void) => (
            <li key={label}>
              <button
                type="button"
                className="menu-item"
                onClick={() => {
                  close();
                  act();
                }}
              >
                <Icon name={icon} /> {label}
              </button>
            </li>
          );
          return (
            <ul className="menu-list">
              {approved ? item('sparkle', 'Take the tour', () => dispatch({ type: 'help-start' })) : null}
              {approved ? item('dashboard', 'Restart tour', () => dispatch({ type: 'reset' })) : null}
              <li>
                <Link className="menu-item" to={paths.faqs.href()} onClick={close}>
                  <Icon name="faq" /> FAQs
                </Link>
              </li>
              {item('phone', 'Contact your KAM', onContactKam)}
            </ul>
          );
        }}
      </Menu>
      {state.restartTooltip ? (
        <RestartTooltip approved={approved} onSeen={() => dispatch({ type: 'restart-tooltip-seen' })} />
      ) : null}
    </div>
  );
}
