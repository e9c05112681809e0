import { useLocation } from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { markdownPathOf } from '@tala/policy';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { TalaCustomFields } from '../../../config/custom-fields';
import styles from './styles.module.css';

/**
 * What an assistant is asked: the page's address only, never its content (a URL is logged by the
 * assistant's service and by proxies; the content stays behind the gate).
 */
const promptFor = (pageUrl: string, markdownUrl: string) =>
  `Read ${pageUrl} (Tala Docs; its Markdown is at ${markdownUrl}) so that I can ask questions about it.`;

type Status = 'idle' | 'copied' | 'failed';

/**
 * "Copy page" next to the breadcrumbs: copy the page as Markdown, view the Markdown, or open the
 * page in ChatGPT or Claude. A disclosure (button + list), closed by Escape or a click elsewhere;
 * React handlers only, so it works under the CSP.
 */
export default function CopyPageMenu(): ReactNode {
  const { pathname } = useLocation();
  const { siteConfig } = useDocusaurusContext();
  // The build's URL until hydration, then the address the reader really uses.
  const [origin, setOrigin] = useState(siteConfig.url);
  useEffect(() => setOrigin(window.location.origin), []);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // The page's Markdown beside its HTML (site/plugins/page-markdown, served by the gate).
  const markdownPath = markdownPathOf(pathname, (siteConfig.customFields as TalaCustomFields).pagesPrefix);
  const prompt = encodeURIComponent(promptFor(`${origin}${pathname}`, `${origin}${markdownPath}`));

  async function copy(): Promise<void> {
    try {
      const response = await fetch(markdownPath, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      await navigator.clipboard.writeText(await response.text());
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
    setOpen(false);
  }

  return (
    <div className={styles.menu} ref={root}>
      <div className={styles.buttons}>
        <button type="button" className={styles.copy} onClick={() => void copy()}>
          Copy page
        </button>
        <button
          type="button"
          ref={toggle}
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={menuId}
          aria-label="More ways to use this page"
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden="true">▾</span>
        </button>
      </div>
      <span className={styles.status} role="status">
        {status === 'copied' ? 'Copied as Markdown' : status === 'failed' ? 'Could not copy the page' : ''}
      </span>
      <ul id={menuId} className={styles.list} hidden={!open}>
        <li>
          <button type="button" onClick={() => void copy()}>
            <strong>Copy page as Markdown</strong>
            <span>For pasting into an assistant or a ticket</span>
          </button>
        </li>
        <li>
          <a href={markdownPath} target="_blank" rel="noopener">
            <strong>View as Markdown</strong>
            <span>This page as plain text</span>
          </a>
        </li>
        <li>
          <a href={`https://chatgpt.com/?q=${prompt}`} target="_blank" rel="noopener noreferrer">
            <strong>Open in ChatGPT</strong>
            <span>Sends the address only</span>
          </a>
        </li>
        <li>
          <a href={`https://claude.ai/new?q=${prompt}`} target="_blank" rel="noopener noreferrer">
            <strong>Open in Claude</strong>
            <span>Sends the address only</span>
          </a>
        </li>
        <li className={styles.note}>
          These docs need sign-in: an assistant reads them only when it is connected to the Tala Docs MCP server (
          <code>/mcp</code>) with your account. Otherwise copy the page instead.
        </li>
      </ul>
    </div>
  );
}
