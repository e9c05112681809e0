/**
 * DocSearch's button and keyboard hook, as @docsearch/react 3.9.0 has them (MIT, Algolia:
 * src/DocSearchButton.tsx, src/useDocSearchKeyboardEvents.ts), without the rest of the package.
 *
 * Why a copy: @docsearch/react 3 is one bundled module (modal, Autocomplete, Algolia's lite client:
 * 109 KB unminified); importing the button from it put all of that in every page's main.js, while
 * the modal itself is loaded on the first hover, focus or shortcut. With these two here, the
 * package loads with the modal only. `search-bar-fork.test.ts` renders this button and the
 * package's with the same props and requires the same markup but for the naming below, so an
 * upgrade that changes it fails.
 *
 * One change: the button's name. DocSearch labels it "Search (Ctrl+K)" (aria-label) while it shows
 * "Search" and the keys Ctrl and K; speech-input users say what they see, and a name that does not
 * contain the visible text fails WCAG 2.5.3 (axe label-content-name-mismatch). Here the name is the
 * visible "Search" (hidden visually on phones, not removed: styles.css), the key caps are hidden
 * from assistive technology, and the shortcut is announced as what it is: aria-keyshortcuts, and a
 * description ("Ctrl+K", "Command+K" on Apple devices).
 */
import {
  type ComponentPropsWithRef,
  forwardRef,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useState,
} from 'react';

export interface ButtonTranslations {
  buttonText?: string;
  /** Unused: the button is named by its visible text (see above). Kept so the theme's translations fit. */
  buttonAriaLabel?: string;
}

export type DocSearchButtonProps = Omit<ComponentPropsWithRef<'button'>, 'ref'> & {
  translations?: ButtonTranslations;
};

const ACTION_KEY_DEFAULT = 'Ctrl';
const ACTION_KEY_APPLE = '⌘';

function isAppleDevice(): boolean {
  return typeof navigator !== 'undefined' && /(Mac|iPhone|iPod|iPad)/i.test(navigator.platform);
}

export const DocSearchButton = forwardRef<HTMLButtonElement, DocSearchButtonProps>(
  ({ translations = {}, ...props }, ref) => {
    const { buttonText = 'Search' } = translations;
    // Known after mounting only, so that the server's HTML and the first render agree.
    const [key, setKey] = useState<typeof ACTION_KEY_APPLE | typeof ACTION_KEY_DEFAULT | null>(null);
    useEffect(() => {
      if (typeof navigator !== 'undefined') setKey(isAppleDevice() ? ACTION_KEY_APPLE : ACTION_KEY_DEFAULT);
    }, []);
    const shortcutId = useId();
    const [actionKeyReactsTo, actionKeyAltText, actionKeyChild] =
      key === ACTION_KEY_DEFAULT
        ? ([ACTION_KEY_DEFAULT, 'Ctrl', <ControlKeyIcon key="ctrl" />] as const)
        : (['Meta', 'Command', key] as const);
    return (
      <button
        type="button"
        className="DocSearch DocSearch-Button"
        // The keyboard hook opens the modal on either, whatever the platform.
        aria-keyshortcuts="Control+K Meta+K"
        aria-describedby={shortcutId}
        {...props}
        ref={ref}
      >
        <span className="DocSearch-Button-Container">
          <SearchIcon />
          <span className="DocSearch-Button-Placeholder">{buttonText}</span>
        </span>
        <span className="DocSearch-Button-Keys" aria-hidden="true">
          {key !== null && (
            <>
              <DocSearchButtonKey reactsToKey={actionKeyReactsTo}>{actionKeyChild}</DocSearchButtonKey>
              <DocSearchButtonKey reactsToKey="k">K</DocSearchButtonKey>
            </>
          )}
        </span>
        <span id={shortcutId} hidden>
          {`${key === null ? 'Ctrl' : actionKeyAltText}+K`}
        </span>
      </button>
    );
  },
);

function DocSearchButtonKey({ reactsToKey, children }: { reactsToKey?: string; children: ReactNode }) {
  const [isKeyDown, setIsKeyDown] = useState(false);
  useEffect(() => {
    if (!reactsToKey) return undefined;
    function handleKeyDown(e: KeyboardEvent) {
      if (e.key === reactsToKey) setIsKeyDown(true);
    }
    function handleKeyUp(e: KeyboardEvent) {
      if (e.key === reactsToKey || e.key === 'Meta') setIsKeyDown(false);
    }
    window.addEventListener('keydown', handleKeyDown);
    window.addEventListener('keyup', handleKeyUp);
    return () => {
      window.removeEventListener('keydown', handleKeyDown);
      window.removeEventListener('keyup', handleKeyUp);
    };
  }, [reactsToKey]);
  return (
    <kbd className={isKeyDown ? 'DocSearch-Button-Key DocSearch-Button-Key--pressed' : 'DocSearch-Button-Key'}>
      {children}
    </kbd>
  );
}

function ControlKeyIcon() {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: DocSearch's markup, kept identical; hidden with the key caps, the shortcut is the button's description.
    <svg width="15" height="15" className="DocSearch-Control-Key-Icon">
      <path
        d="M4.505 4.496h2M5.505 5.496v5M8.216 4.496l.055 5.993M10 7.5c.333.333.5.667.5 1v2M12.326 4.5v5.996M8.384 4.496c1.674 0 2.116 0 2.116 1.5s-.442 1.5-2.116 1.5M3.205 9.303c-.09.448-.277 1.21-1.241 1.203C1 10.5.5 9.513.5 8V7c0-1.57.5-2.5 1.464-2.494.964.006 1.134.598 1.24 1.342M12.553 10.5h1.953"
        strokeWidth="1.2"
        stroke="currentColor"
        fill="none"
        strokeLinecap="square"
      />
    </svg>
  );
}

function SearchIcon() {
  return (
    <svg width="20" height="20" className="DocSearch-Search-Icon" viewBox="0 0 20 20" aria-hidden="true">
      <path
        d="M14.386 14.386l4.0877 4.0877-4.0877-4.0877c-2.9418 2.9419-7.7115 2.9419-10.6533 0-2.9419-2.9418-2.9419-7.7115 0-10.6533 2.9418-2.9419 7.7115-2.9419 10.6533 0 2.9419 2.9418 2.9419 7.7115 0 10.6533z"
        stroke="currentColor"
        fill="none"
        fillRule="evenodd"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export interface UseDocSearchKeyboardEventsProps {
  isOpen: boolean;
  onOpen: () => void;
  onClose: () => void;
  onInput?: (event: KeyboardEvent) => void;
  searchButtonRef?: RefObject<HTMLButtonElement | null>;
}

function isEditingContent(event: KeyboardEvent): boolean {
  const element = event.target as HTMLElement;
  const tagName = element.tagName;
  return element.isContentEditable || tagName === 'INPUT' || tagName === 'SELECT' || tagName === 'TEXTAREA';
}

/** Ctrl/⌘+K and "/" open the modal, Escape closes it; typing on the focused button opens it with that letter. */
export function useDocSearchKeyboardEvents({
  isOpen,
  onOpen,
  onClose,
  onInput,
  searchButtonRef,
}: UseDocSearchKeyboardEventsProps): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (
        (event.code === 'Escape' && isOpen) ||
        (event.key?.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey)) ||
        (!isEditingContent(event) && event.key === '/' && !isOpen)
      ) {
        event.preventDefault();
        if (isOpen) onClose();
        else if (!document.body.classList.contains('DocSearch--active')) onOpen();
        return;
      }
      if (searchButtonRef && searchButtonRef.current === document.activeElement && onInput) {
        // keyCode, as DocSearch 3 reads it: the letter or digit typed on the focused button.
        if (/[a-zA-Z0-9]/.test(String.fromCharCode(event.keyCode))) onInput(event);
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isOpen, onOpen, onClose, onInput, searchButtonRef]);
}
