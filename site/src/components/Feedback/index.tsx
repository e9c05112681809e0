/**
 * "Was this … helpful?": two buttons, then a small form for an optional reason. The vote is sent
 * once: with the reason when the reader presses Send, or without it when the control goes away
 * first (the reader opens another page, closes the modal or the tab), so a vote is counted
 * whether or not a reason follows, and never twice. Used under every doc page and under answers.
 */
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import styles from './styles.module.css';

export interface FeedbackProps {
  question: string;
  /** Names of the two choices for assistive technology ("Yes", "No"). */
  yesLabel: string;
  noLabel: string;
  /** Drawn inside the buttons instead of the names (thumbs); the names are then visually hidden. */
  yesIcon?: ReactNode;
  noIcon?: ReactNode;
  onSend: (helpful: boolean, reason: string) => void;
  className?: string;
}

export default function Feedback({ question, yesLabel, noLabel, yesIcon, noIcon, onSend, className }: FeedbackProps) {
  const id = useId();
  const [helpful, setHelpful] = useState<boolean | null>(null);
  const [sent, setSent] = useState(false);
  const [reason, setReason] = useState('');
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  // What would be sent if the control went away now: read by the unmount and pagehide handlers.
  const pending = useRef<{ helpful: boolean; reason: string } | null>(null);
  const sendRef = useRef(onSend);
  sendRef.current = onSend;

  const flush = useCallback(() => {
    const vote = pending.current;
    pending.current = null;
    if (vote) sendRef.current(vote.helpful, vote.reason);
  }, []);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const choose = (choice: boolean) => {
    setHelpful(choice);
    pending.current = { helpful: choice, reason };
    // The reason form appears below the buttons: moving there says it is the next step.
    requestAnimationFrame(() => reasonRef.current?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (helpful === null) return;
    pending.current = { helpful, reason };
    flush();
    setSent(true);
    requestAnimationFrame(() => thanksRef.current?.focus());
  };

  if (sent)
    return (
      <p ref={thanksRef} tabIndex={-1} className={`${styles.thanks} ${className ?? ''}`}>
        Thanks for your feedback.
      </p>
    );

  return (
    <div className={`${styles.feedback} ${className ?? ''}`}>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset's legend cannot sit in line with the buttons. */}
      <div role="group" aria-labelledby={`${id}-question`} className={styles.choices}>
        <span id={`${id}-question`} className={styles.question}>
          {question}
        </span>
        {/* The two buttons wrap together, never one on each line (phones). */}
        <span className={styles.buttons}>
          {(
            [
              [true, yesLabel, yesIcon],
              [false, noLabel, noIcon],
            ] as const
          ).map(([value, label, icon]) => (
            <button
              key={label}
              type="button"
              className={`button button--sm ${helpful === value ? 'button--primary' : 'button--secondary'} ${styles.choice}`}
              aria-pressed={helpful === value}
              onClick={() => choose(value)}
            >
              {icon ? (
                <>
                  {icon}
                  <span className={styles.visuallyHidden}>{label}</span>
                </>
              ) : (
                label
              )}
            </button>
          ))}
        </span>
      </div>
      {helpful !== null && (
        <form className={styles.reasonForm} onSubmit={submit}>
          <label htmlFor={`${id}-reason`}>
            {helpful ? 'What helped? (optional)' : 'What was missing or wrong? (optional)'}
          </label>
          <textarea
            id={`${id}-reason`}
            ref={reasonRef}
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              pending.current = { helpful, reason: event.target.value };
            }}
          />
          <button type="submit" className="button button--sm button--primary">
            Send
          </button>
        </form>
      )}
    </div>
  );
}

export function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      style={down ? { transform: 'rotate(180deg)' } : undefined}
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M7 10v11H3V10h4zm0 0 4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7"
      />
    </svg>
  );
}
