import { MCP_ROUTES } from '@tala/policy';
import Layout from '@theme/Layout';
import { type ReactNode, useEffect, useState } from 'react';
import { useTalaCustomFields } from '../../runtime-config/hooks';

/** What the gate says about a pending authorization (server/src/mcp/consent.ts). */
interface AuthorizationRequest {
  client: string;
  /** The client metadata document the name comes from (MCP 2026-07-28), or null for a registered client. */
  clientDocument: string | null;
  redirectOrigin: string;
  reader: string | null;
  consented: boolean;
}

type State =
  | { kind: 'loading' }
  | { kind: 'ask'; request: AuthorizationRequest }
  | { kind: 'sending' }
  | { kind: 'done'; approved: boolean }
  | { kind: 'problem'; message: string };

async function messageOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return body?.message ?? `The portal answered ${response.status}.`;
}

/**
 * `/mcp/consent/`: an AI assistant asks to read the docs as this reader (MCP authorization). A page
 * like any other, so the gate signs the reader in first; the answer goes back to the assistant
 * through its registered redirect address. A remembered consent is answered at once.
 */
export default function McpConsentPage(): ReactNode {
  const { pagesPrefix } = useTalaCustomFields();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [id, setId] = useState<string | null>(null);

  const answer = async (requestId: string, decision: 'approve' | 'deny') => {
    setState({ kind: 'sending' });
    const response = await fetch(`${pagesPrefix}/api/mcp/authorizations/${encodeURIComponent(requestId)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ decision }),
    });
    if (!response.ok) return setState({ kind: 'problem', message: await messageOf(response) });
    const { redirect } = (await response.json()) as { redirect: string };
    setState({ kind: 'done', approved: decision === 'approve' });
    window.location.assign(redirect);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the address the page opened with
  useEffect(() => {
    const requestId = new URLSearchParams(window.location.search).get('request');
    setId(requestId);
    if (!requestId) {
      setState({ kind: 'problem', message: 'This address has no authorization request. Connect from your assistant.' });
      return;
    }
    void (async () => {
      const response = await fetch(`${pagesPrefix}/api/mcp/authorizations/${encodeURIComponent(requestId)}`, {
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return setState({ kind: 'problem', message: await messageOf(response) });
      const request = (await response.json()) as AuthorizationRequest;
      if (request.consented) return answer(requestId, 'approve');
      setState({ kind: 'ask', request });
    })().catch(() => setState({ kind: 'problem', message: 'The portal could not be reached. Try again.' }));
  }, []);

  return (
    <Layout title="Connect an assistant" description="Allow an AI assistant to read Tala Docs as you.">
      <main className="container margin-vert--xl">
        <div className="row">
          <div className="col col--8 col--offset-2">
            <h1>Connect an assistant to Tala Docs</h1>
            {state.kind === 'loading' || state.kind === 'sending' ? <p role="status">Checking the request…</p> : null}
            {state.kind === 'problem' ? <p role="alert">{state.message}</p> : null}
            {state.kind === 'done' ? (
              <p role="status">
                {state.approved ? 'Connected. You can return to your assistant.' : 'Declined. The assistant was told.'}
              </p>
            ) : null}
            {state.kind === 'ask' && id ? (
              <>
                <p>
                  <strong>{state.request.client}</strong> asks to read Tala Docs as{' '}
                  <strong>{state.request.reader ?? 'you'}</strong>. It will be able to search the docs and read every
                  page that you may read, and nothing else: it cannot change anything.
                </p>
                <p>
                  {state.request.clientDocument ? (
                    <>
                      The name is unverified: it comes from the assistant's own description at{' '}
                      <code>{new URL(state.request.clientDocument).host}</code>.
                    </>
                  ) : (
                    <>The name is unverified: the assistant chose it when it registered with the portal.</>
                  )}
                </p>
                <p>
                  After you answer, your browser returns to <code>{state.request.redirectOrigin}</code>. Allow only an
                  assistant you started yourself. Signing out of the portal disconnects it. When your roles are checked
                  again (every hour by default) it comes back through this page, which then answers without asking.
                </p>
                <p>
                  <button type="button" className="button button--primary" onClick={() => void answer(id, 'approve')}>
                    Allow
                  </button>{' '}
                  <button type="button" className="button button--secondary" onClick={() => void answer(id, 'deny')}>
                    Deny
                  </button>
                </p>
                <p>
                  <small>
                    The assistant connects to <code>{MCP_ROUTES.mcp}</code> on this portal.
                  </small>
                </p>
              </>
            ) : null}
          </div>
        </div>
      </main>
    </Layout>
  );
}
