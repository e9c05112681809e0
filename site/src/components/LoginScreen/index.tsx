import Head from '@docusaurus/Head';
import { type ReactNode, useState } from 'react';
import { useTalaCustomFields } from '../../runtime-config/hooks';
import RequestAccessLink from '../RequestAccessLink';
import styles from './styles.module.css';

/** Where sign-in starts: the gate server's OpenID Connect login, which returns to `returnTo`. */
function loginUrl(pagesPrefix: string): string {
  const { pathname, search, hash } = window.location;
  const here = `${pathname}${search}${hash}`;
  const returnTo = pathname.replace(/\/+$/, '/').endsWith('/Login/') ? `${pagesPrefix}/` : here;
  return `${pagesPrefix}/auth/login?returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * The login screen (seed §2): heading 'Documentation', a 'Login' button that is disabled with a
 * spinner while sign-in starts, and a 'Request Access' link. The gate server shows it, with status
 * 401, instead of any page a visitor who is not signed in asks for.
 */
export default function LoginScreen(): ReactNode {
  const { pagesPrefix } = useTalaCustomFields();
  const [loading, setLoading] = useState(false);
  const login = () => {
    setLoading(true);
    window.location.assign(loginUrl(pagesPrefix));
  };
  return (
    <main className={styles.screen} data-tala-login-screen="">
      <Head>
        <title>Sign in | Tala Docs</title>
      </Head>
      <div className={styles.card}>
        <img className={styles.logo} src="/img/logo.svg" alt="Tala" width={56} height={56} />
        <h1 className={styles.heading}>Documentation</h1>
        <p className={styles.lead}>Sign in with your company account to read the Tala documentation.</p>
        <button
          type="button"
          className={`button button--primary button--lg ${styles.login}`}
          onClick={login}
          disabled={loading}
          aria-busy={loading}
        >
          {loading && <span className={styles.spinner} role="status" aria-label="Signing in" />}
          Login
        </button>
        <p className={styles.access}>
          No access yet? <RequestAccessLink /> from your Tala administrator.
        </p>
      </div>
    </main>
  );
}
