import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon';
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
        {(close) => (
          <ul className="menu-list">
            {approved ? (
              <>
                <li>
                  <button
                    type="button"
                    className="menu-item"
                    onClick={() => {
                      close();
                      dispatch({ type: 'help-start' });
                    }}
                  >
                    <Icon name="sparkle" /> Take the tour
                  </button>
                </li>
                <li>
                  <button
                    type="button"
                    className="menu-item"
                    onClick={() => {
                      close();
                      dispatch({ type: 'reset' });
                    }}
                  >
                    <Icon name="dashboard" /> Restart tour
                  </button>
                </li>
              </>
            ) : null}
            <li>
              <Link className="menu-item" to={paths.faqs.href()} onClick={close}>
                <Icon name="faq" /> FAQs
              </Link>
            </li>
            <li>
              <button
                type="button"
                className="menu-item"
                onClick={() => {
                  close();
                  onContactKam();
                }}
              >
                <Icon name="phone" /> Contact your KAM
              </button>
            </li>
          </ul>
        )}
      </Menu>
      {state.restartTooltip ? (
        <RestartTooltip approved={approved} onSeen={() => dispatch({ type: 'restart-tooltip-seen' })} />
      ) : null}
    </div>
  );
}
