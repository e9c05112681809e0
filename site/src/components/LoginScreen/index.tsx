import Head from '@docusaurus/Head';
import { LOGIN_ROUTE } from '@tala/policy';
import { type ReactNode, useEffect, useState } from 'react';
import { useRuntimeConfig, useTalaCustomFields } from '../../runtime-config/hooks';
import { STORAGE_KEYS, safeStorage } from '../../session/browser-storage';
import RequestAccessLink from '../RequestAccessLink';
import { messageFor } from './messages';
import styles from './styles.module.css';

/** Where to come back after sign-in: the deep link the visitor asked for, path, query and hash. */
function returnTo(pagesPrefix: string): string {
  const { pathname, search, hash } = window.location;
  if (window.__talaDeepLink) return window.__talaDeepLink;
  if (pathname !== `${pagesPrefix}${LOGIN_ROUTE}`) return `${pathname}${search}${hash}`;
  return safeStorage.get(STORAGE_KEYS.deeplink) ?? `${pagesPrefix}/`;
}

/**
 * The login screen (spec/seed.md §2): heading 'Documentation', a 'Login' button that is disabled with a
 * spinner while sign-in starts, and a 'Request Access' link. The gate server shows it, with status
 * 401, instead of any page a visitor who is not signed in asks for.
 */
export default function LoginScreen(): ReactNode {
  const { pagesPrefix } = useTalaCustomFields();
  const runtimeConfig = useRuntimeConfig();
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    // Put the address the visitor asked for back in the address bar (see client-modules/access-guard).
    if (window.__talaDeepLink) window.history.replaceState(window.history.state, '', window.__talaDeepLink);
    const error = new URLSearchParams(window.location.search).get('error');
    if (error) setProblem(error);
    void fetch(`${pagesPrefix}/auth/status`, { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : { signInAvailable: false }))
      .then((status: { signInAvailable?: boolean }) => {
        if (status.signInAvailable === false) setProblem('unavailable');
      })
      .catch((cause: unknown) => {
        console.error('Could not check the identity provider', cause);
        setProblem('unavailable');
      });
  }, [pagesPrefix]);

  useEffect(() => {
    // Seed (spec/seed.md §8): without runtime configuration, sign-in set-up aborts and the login screen stays.
    if (runtimeConfig === null) {
      console.error('No MSAL config available');
      setProblem('unconfigured');
    }
  }, [runtimeConfig]);

  const login = () => {
    setLoading(true);
    const target = returnTo(pagesPrefix);
    safeStorage.set(STORAGE_KEYS.deeplink, target);
    window.location.assign(`${pagesPrefix}/auth/login?returnTo=${encodeURIComponent(target)}`);
  };
  const message = messageFor(problem);

  return (
    <main className={styles.screen} data-tala-login-screen="">
      <Head>
        <title>Sign in | Tala Docs</title>
      </Head>
      <div className={styles.card}>
        <img className={styles.logo} src={`${pagesPrefix}/img/logo.svg`} alt="Tala" width={56} height={56} />
        <h1 className={styles.heading}>Documentation</h1>
        <p className={styles.lead}>Sign in with your company account to read the Tala documentation.</p>
        {message && (
          <p className={styles.problem} role="alert">
            {message}
          </p>
        )}
        <button
          type="button"
          className={`button button--primary button--lg ${styles.login}`}
          onClick={login}
          disabled={loading || runtimeConfig === undefined}
          aria-busy={loading || runtimeConfig === undefined}
        >
          {(loading || runtimeConfig === undefined) && (
            <span className={styles.spinner} role="status" aria-label="Signing in" />
          )}
          Login
        </button>
        <p className={styles.access}>
          No access yet? <RequestAccessLink /> from your Tala administrator.
        </p>
      </div>
    </main>
  );
}
