import Link from '@docusaurus/Link';
import { ROLES } from '@tala/policy';
import Layout from '@theme/Layout';
import type { ReactNode } from 'react';
import RequestAccessLink from '../components/RequestAccessLink';

/** `/403/`: where a reader without the on-prem role lands when asking for `/on-prem/…`. */
export default function ForbiddenPage(): ReactNode {
  return (
    <Layout title="Access required" description="This section needs an additional role.">
      <main className="container margin-vert--xl">
        <div className="row">
          <div className="col col--8 col--offset-2">
            <h1>You need access to the on-premises documentation</h1>
            <p>
              The on-premises section (Tala Manager, input processors, self-hosted publishing) is available to readers
              who hold the <code>{ROLES.onprem}</code> role. Your account is signed in, but it does not have that role.
            </p>
            <h2>How to get access</h2>
            <ol>
              <li>
                <RequestAccessLink /> to the <code>{ROLES.onprem}</code> role, or ask your Tala administrator to assign
                it to your account in your company's identity provider.
              </li>
              <li>Sign out and sign in again: roles are read when you sign in.</li>
            </ol>
            <p>
              <Link className="button button--primary" to="/">
                Back to the documentation
              </Link>
            </p>
          </div>
        </div>
      </main>
    </Layout>
  );
}
