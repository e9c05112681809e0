import { Component, type ErrorInfo, type ReactNode, useId, useMemo, useState } from 'react';
import MessagePreview from './MessagePreview';
import { MESSAGE_TYPES } from './message-types';
import styles from './styles.module.css';
import { parseAndValidate } from './validate';

/** Keeps a rendering failure inside the preview: the editor and the page stay usable. */
class PreviewBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Widget preview failed', error, info.componentStack);
  }
  override render() {
    return this.state.error ? (
      <p className={styles.errors} role="alert">
        The preview could not render this payload: {this.state.error.message}
      </p>
    ) : (
      this.props.children
    );
  }
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * The widget playground: a JSON editor with an example of every message type, a live preview as
 * you type, and validation messages for a malformed payload (which never breaks the page).
 */
export default function Playground(): ReactNode {
  const first = MESSAGE_TYPES[0];
  const [source, setSource] = useState(() => pretty(first?.example ?? {}));
  const [selected, setSelected] = useState(first?.type ?? '');
  const result = useMemo(() => parseAndValidate(source), [source]);
  const ids = { select: useId(), editor: useId(), errors: useId() };

  return (
    // Interactive only: the page's Markdown keeps its text and leaves the editor out (site/plugins/content/page-markdown).
    <div className={styles.playground} data-markdown="omit">
      <div className={styles.playgroundEditor}>
        <label htmlFor={ids.select}>Example</label>
        <select
          id={ids.select}
          value={selected}
          onChange={(event) => {
            const spec = MESSAGE_TYPES.find((t) => t.type === event.target.value);
            setSelected(event.target.value);
            if (spec) setSource(pretty(spec.example));
          }}
        >
          {MESSAGE_TYPES.map((t) => (
            <option key={t.type} value={t.type}>
              {t.title}
            </option>
          ))}
        </select>
        <label htmlFor={ids.editor}>Message payload (JSON)</label>
        <textarea
          id={ids.editor}
          className={styles.editor}
          value={source}
          spellCheck={false}
          rows={18}
          aria-invalid={!result.ok}
          aria-describedby={ids.errors}
          onChange={(event) => setSource(event.target.value)}
        />
      </div>
      <div className={styles.playgroundPreview}>
        <div id={ids.errors} aria-live="polite">
          {result.ok ? (
            <p className={styles.valid}>Valid {String((result.payload as { type?: unknown }).type)} message.</p>
          ) : (
            <div className={styles.errors} role="alert">
              <p>This payload is not valid:</p>
              <ul>
                {result.errors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
        {result.ok ? (
          <PreviewBoundary resetKey={source}>
            <MessagePreview payload={result.payload as Record<string, unknown>} />
          </PreviewBoundary>
        ) : null}
      </div>
    </div>
  );
}
