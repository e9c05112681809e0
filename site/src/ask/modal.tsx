/**
 * "Ask" in the search modal, loaded with the modal (SearchBar's prepareModal), never in main.js.
 *
 * DocSearch 3.9 has no Ask entry (DocSearch 4's "Ask AI" needs Algolia's service), so the entry is
 * a hit: the modal's search client puts one in front of the results (withAskHit), DocSearch groups
 * it under its own title ("Ask the docs") and moves to it with the arrow keys like any hit, first
 * and active by default, as DocSearch 4 places "Ask AI" (so Enter right after typing asks; ArrowDown
 * then Enter opens the first page). The SearchBar renders the hit with AskHit
 * and takes Enter and clicks on it before DocSearch does (DocSearch would navigate to its URL,
 * save it as a recent search and close the modal); the answer then shows in the modal.
 */
import AskPanel from './AskPanel';
import styles from './modal.module.css';

export { ASK_OBJECT_ID, ASK_SOURCE_TITLE, askHit, withAskHit } from './ask-hit';
export { AskPanel };

/** The Ask hit's content: "Ask: <question>", laid out like DocSearch's hits. */
export function AskHit({ question, onAsk }: { question: string; onAsk: () => void }) {
  return (
    <button
      type="button"
      className={styles.askHit}
      data-tala-ask={question}
      onClick={(event) => {
        // DocSearch's row would take the click as choosing a hit: navigate to its URL and close.
        event.stopPropagation();
        onAsk();
      }}
    >
      <span className="DocSearch-Hit-Container">
        <span className="DocSearch-Hit-icon">
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path
              d="M10 2.5l1.6 4.1 4.4.3-3.4 2.8 1.1 4.3L10 11.6 6.3 14l1.1-4.3L4 6.9l4.4-.3L10 2.5z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.4"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <span className="DocSearch-Hit-content-wrapper">
          <span className="DocSearch-Hit-title">
            <span className={styles.askLabel}>Ask:</span> {question}
          </span>
          <span className="DocSearch-Hit-path">Answer from the docs you can read</span>
        </span>
        <span className="DocSearch-Hit-action" aria-hidden="true">
          <svg className="DocSearch-Hit-Select-Icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <g stroke="currentColor" fill="none" fillRule="evenodd" strokeLinecap="round" strokeLinejoin="round">
              <path d="M18 3v4c0 2-2 4-4 4H2" />
              <path d="M8 17l-6-6 6-6" />
            </g>
          </svg>
        </span>
      </span>
    </button>
  );
}

/** The panel's place in DocSearch's dropdown. */
export const askInModalClass = styles.askInModal;
