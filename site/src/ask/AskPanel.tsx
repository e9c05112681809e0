/**
 * "Ask the docs": the answer to a question, streamed from `POST {prefix}/api/ask`, then its
 * sources, Copy, feedback and a follow-up question that keeps the thread (the earlier questions and
 * answers go with it as `history`). Shown in the search modal (modal.tsx) and above the results
 * of /search/. Loaded only with them: it brings the Markdown parser.
 *
 * Screen readers hear one polite announcement per answer, when it is complete (its first words and
 * how many sources), rather than every streamed word; the answer itself is marked busy meanwhile.
 */
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import {
  type ComponentProps,
  type FormEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import Feedback, { ThumbIcon } from '../components/Feedback';
import { answerTree, isSiteRelative } from './answer-markdown';
import { type AskAnswer, askTheDocs, type Citation, failureMessage, type Turn } from './ask-client';
import { sendAskFeedback } from './feedback-beacons';
import styles from './styles.module.css';

/** The earlier turns sent with a follow-up; the route bounds them too. */
const HISTORY_TURNS = 5;
const HISTORY_CHARS = 2000;

export const NO_ANSWER = 'The docs you can read do not answer this.';

interface ThreadTurn {
  key: number;
  question: string;
  answer: string;
  citations: readonly Citation[];
  mode: AskAnswer['mode'] | null;
  status: 'asking' | 'answered' | 'failed';
  error: unknown;
}

export interface AskPanelProps {
  /** The first question; another one starts a new thread. */
  question: string;
  pagesPrefix: string;
  /** Opens a portal link (a citation); the modal closes itself first. Without it, links navigate. */
  openLink?: (url: string) => void;
  /** Back to the search results (the modal). */
  onBack?: () => void;
  /** Extra class of the panel (the modal and the search page place it differently). */
  className?: string;
}

type LinkProps = ComponentProps<'a'> & { openLink?: (url: string) => void };

/** A portal link inside an answer or its sources; a modified click keeps the browser's behaviour. */
function PortalLink({ href, openLink, children, ...rest }: LinkProps) {
  if (!isSiteRelative(href)) return <span>{children}</span>;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!openLink || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    openLink(href);
  };
  return (
    <Link to={href} onClick={onClick} {...rest}>
      {children}
    </Link>
  );
}

function AnswerMarkdown({
  markdown,
  citations,
  openLink,
}: {
  markdown: string;
  citations: readonly Citation[];
  openLink?: (url: string) => void;
}) {
  return useMemo(
    () =>
      toJsxRuntime(answerTree(markdown, citations), {
        Fragment,
        jsx,
        jsxs,
        components: { a: (props: ComponentProps<'a'>) => <PortalLink {...props} openLink={openLink} /> },
      }),
    [markdown, citations, openLink],
  );
}

/** The answer and its sources as plain text, with the sources' full addresses, for the clipboard. */
export function answerForClipboard(turn: Pick<ThreadTurn, 'answer' | 'citations'>, origin: string): string {
  if (turn.citations.length === 0) return turn.answer;
  const sources = turn.citations.map(
    (c, i) => `[${i + 1}] ${c.title}${c.section ? ` — ${c.section}` : ''}: ${new URL(c.url, origin).href}`,
  );
  return `${turn.answer.trim()}\n\nSources:\n${sources.join('\n')}\n`;
}

function CopyButton({ text, onCopied }: { text: string; onCopied: () => void }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="button button--sm button--secondary"
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => {
            setCopied(true);
            onCopied();
          },
          () => undefined, // no clipboard permission: the text can still be selected
        )
      }
    >
      {copied ? 'Copied' : 'Copy answer'}
    </button>
  );
}

function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}

export default function AskPanel({ question, pagesPrefix, openLink, onBack, className }: AskPanelProps) {
  const id = useId();
  const [turns, setTurns] = useState<ThreadTurn[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [followUp, setFollowUp] = useState('');
  const controller = useRef<AbortController | null>(null);
  const nextKey = useRef(0);
  const url = `${pagesPrefix}/api/ask`;

  const update = useCallback((key: number, change: Partial<ThreadTurn>) => {
    setTurns((all) => all.map((turn) => (turn.key === key ? { ...turn, ...change } : turn)));
  }, []);

  /** Asks `text` after `earlier` turns (replacing any turn from `earlier`'s end on: a retry). */
  const ask = useCallback(
    (text: string, earlier: readonly ThreadTurn[]) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const key = nextKey.current++;
      const history: Turn[] = earlier
        .filter((t) => t.status === 'answered')
        .slice(-HISTORY_TURNS)
        // The route takes turns of at most 2,000 characters each (server/src/ask/route.ts).
        .map((t) => ({ question: t.question.slice(0, HISTORY_CHARS), answer: t.answer.slice(0, HISTORY_CHARS) }));
      setTurns([
        ...earlier,
        { key, question: text, answer: '', citations: [], mode: null, status: 'asking', error: null },
      ]);
      setAnnouncement('');
      askTheDocs({
        url,
        question: text,
        history,
        signal: abort.signal,
        onDelta: (delta) => setTurns((all) => all.map((t) => (t.key === key ? { ...t, answer: t.answer + delta } : t))),
      }).then(
        (answer) => {
          update(key, { answer: answer.answer, citations: answer.citations, mode: answer.mode, status: 'answered' });
          if (answer.citations.length === 0) {
            // The writers' report lists these (server/src/search/feedback.ts); the route does not log them.
            sendAskFeedback(pagesPrefix, { question: text, verdict: 'unanswered' });
            setAnnouncement(NO_ANSWER);
          } else {
            const count = answer.citations.length;
            setAnnouncement(`Answer ready, with ${count} ${count === 1 ? 'source' : 'sources'}.`);
          }
        },
        (error: unknown) => {
          if (abort.signal.aborted) return;
          update(key, { status: 'failed', error });
          setAnnouncement(failureMessage(error));
        },
      );
    },
    [url, pagesPrefix, update],
  );

  useEffect(() => {
    ask(question, []);
  }, [question, ask]);
  useEffect(() => () => controller.current?.abort(), []);

  const last = turns.at(-1);
  const busy = last?.status === 'asking';

  const submitFollowUp = (event: FormEvent) => {
    event.preventDefault();
    const text = followUp.trim();
    if (text === '' || busy) return;
    setFollowUp('');
    ask(text, turns);
  };

  return (
    <section className={clsx(styles.panel, className)} aria-labelledby={`${id}-title`} data-ask-panel="">
      <div className={styles.header}>
        <h2 id={`${id}-title`} className={styles.title}>
          Answer from the docs
        </h2>
        {onBack && (
          <button type="button" className={clsx('button button--sm button--link', styles.back)} onClick={onBack}>
            Back to results
          </button>
        )}
      </div>
      <p className={styles.note}>Written from the pages you can read. Check the sources before you act on it.</p>
      {turns.map((turn, index) => {
        const answered = turn.status === 'answered';
        const noAnswer = answered && turn.citations.length === 0;
        const state =
          turn.status === 'asking'
            ? 'streaming'
            : turn.status === 'failed'
              ? 'error'
              : noAnswer
                ? 'no-answer'
                : 'answered';
        return (
          <article key={turn.key} className={styles.turn} data-state={state} aria-labelledby={`${id}-q${turn.key}`}>
            <h3 id={`${id}-q${turn.key}`} className={styles.question}>
              {turn.question}
            </h3>
            {turn.status === 'asking' && turn.answer === '' && (
              <p className={styles.loading}>
                <Spinner />
                Looking in the docs you can read…
              </p>
            )}
            {!noAnswer && turn.answer !== '' && (
              <div className={styles.answer} aria-busy={turn.status === 'asking'}>
                <AnswerMarkdown markdown={turn.answer} citations={turn.citations} openLink={openLink} />
              </div>
            )}
            {noAnswer && (
              <div className={styles.noAnswer}>
                <p>
                  <strong>{NO_ANSWER}</strong>
                </p>
                <p>Try other words, look through the search results, or ask the docs team.</p>
              </div>
            )}
            {turn.status === 'failed' && (
              <div className={styles.error}>
                <p>{failureMessage(turn.error)}</p>
                <button
                  type="button"
                  className="button button--sm button--primary"
                  onClick={() => ask(turn.question, turns.slice(0, index))}
                >
                  Retry
                </button>
              </div>
            )}
            {answered && turn.citations.length > 0 && (
              <>
                <h4 className={styles.sourcesTitle}>Sources</h4>
                <ol className={styles.sources}>
                  {turn.citations.map((citation, n) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list does not change once answered, and two sources may share a URL.
                    <li key={`${citation.url}-${n}`}>
                      {/* Named by its text (title, then section), which the list's number goes with. */}
                      <PortalLink href={citation.url} openLink={openLink}>
                        <span className={styles.sourceTitle}>{citation.title}</span>
                        {citation.section && (
                          <span className={styles.sourceSection}>
                            <span className={styles.visuallyHidden}>, </span>
                            {citation.section}
                          </span>
                        )}
                      </PortalLink>
                    </li>
                  ))}
                </ol>
                <div className={styles.actions}>
                  <CopyButton
                    text={answerForClipboard(
                      turn,
                      typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
                    )}
                    onCopied={() => setAnnouncement('Answer copied.')}
                  />
                  <Feedback
                    question="Was this answer helpful?"
                    yesLabel="Helpful"
                    noLabel="Not helpful"
                    yesIcon={<ThumbIcon />}
                    noIcon={<ThumbIcon down />}
                    onSend={(helpful, reason) =>
                      sendAskFeedback(pagesPrefix, {
                        question: turn.question,
                        verdict: helpful ? 'up' : 'down',
                        reason,
                      })
                    }
                  />
                </div>
              </>
            )}
          </article>
        );
      })}
      {/* Once the first answer is in, it stays, also while a follow-up is answered: the reader's
          focus is in it, and removing it would drop the focus. */}
      {(turns.length > 1 || (last && last.status !== 'asking')) && (
        <form className={styles.followUp} onSubmit={submitFollowUp}>
          <label htmlFor={`${id}-follow-up`}>Ask a follow-up question</label>
          <div className={styles.followUpRow}>
            <input
              id={`${id}-follow-up`}
              type="text"
              autoComplete="off"
              maxLength={500}
              value={followUp}
              onChange={(event) => setFollowUp(event.target.value)}
            />
            <button type="submit" className="button button--primary" disabled={busy || followUp.trim() === ''}>
              Ask
            </button>
          </div>
        </form>
      )}
      <p role="status" className={styles.visuallyHidden}>
        {announcement}
      </p>
    </section>
  );
}
