import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { Menu } from '../../components/ui/menu';
import { paths } from '../../config/paths';

export function HelpMenu({ onContactKam }: { onContactKam: () => void }) {
  return (
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
  );
}
