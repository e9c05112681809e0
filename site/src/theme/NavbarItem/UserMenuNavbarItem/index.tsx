import clsx from 'clsx';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { pagesPrefix } from '../../../session';
import { STORAGE_KEYS, safeStorage } from '../../../session/browser-storage';
import { useSession } from '../../../session/hooks';
import styles from './styles.module.css';

/** Seed (spec/seed.md §2): the dropdown closes 100 ms after it loses focus (so a click inside it still lands). */
export const CLOSE_DELAY_MS = 100;

/**
 * The signed-in reader's menu next to search: their name, and Logout. Nothing is shown without an
 * account (skipAuthentication, seed (spec/seed.md §4)). Logout is a form POST, so it works without JavaScript.
 */
export default function UserMenuNavbarItem({ mobile = false }: { mobile?: boolean }): ReactNode {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  if (session.status !== 'signed-in' || (session.name === null && session.username === null)) return null;
  const label = session.name ?? session.username ?? '';

  const clearIdentityKeys = () => {
    safeStorage.remove(STORAGE_KEYS.deeplink);
    safeStorage.remove(STORAGE_KEYS.username);
  };
  const logout = (
    <form method="post" action={`${pagesPrefix}/auth/logout`} onSubmit={clearIdentityKeys}>
      <button type="submit" className={clsx(mobile ? 'menu__link' : 'dropdown__link', styles.logout)}>
        Logout
      </button>
    </form>
  );

  if (mobile) {
    return (
      <li className="menu__list-item">
        <span className={clsx('menu__link', styles.mobileName)}>{label}</span>
        {logout}
      </li>
    );
  }

  return (
    // Focus and blur bubble from the button and the menu: the container only times the closing.
    // biome-ignore lint/a11y/noStaticElementInteractions: not interactive itself; its children are
    <div
      className={clsx('dropdown', 'dropdown--right', open && 'dropdown--show')}
      onFocus={() => clearTimeout(closeTimer.current)}
      onBlur={() => {
        closeTimer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
      }}
    >
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {label.slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.name}>{label}</span>
      </button>
      <ul className="dropdown__menu">
        {/* In full: the button cuts a long name short, and on phones shows the avatar only. */}
        <li className={styles.identity}>
          <span className={styles.identityName}>{label}</span>
          {session.username && session.username !== label && <span>{session.username}</span>}
        </li>
        <li>{logout}</li>
      </ul>
    </div>
  );
}
