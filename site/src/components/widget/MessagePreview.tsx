import { type ReactNode, useId, useRef, useState } from 'react';
import styles from './styles.module.css';

type Payload = Record<string, unknown>;
type Item = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined ? '' : String(value));
const items = (value: unknown): Item[] => (Array.isArray(value) ? (value as Item[]) : []);

function ChoiceButtons({ buttons, onSend }: { buttons: Item[]; onSend: (value: string) => void }): ReactNode {
  return (
    <div className={styles.buttons}>
      {buttons.map((b) =>
        b.url ? (
          <a key={text(b.label)} className={styles.button} href={text(b.url)} target="_blank" rel="noopener noreferrer">
            {text(b.label)}
          </a>
        ) : (
          <button
            key={text(b.label)}
            type="button"
            className={styles.button}
            onClick={() => onSend(text(b.value ?? b.label))}
          >
            {text(b.label)}
          </button>
        ),
      )}
    </div>
  );
}

function Card({ card, onSend }: { card: Item; onSend: (value: string) => void }): ReactNode {
  return (
    <article className={styles.card} aria-label={text(card.title)}>
      {card.imageUrl ? <img className={styles.cardImage} src={text(card.imageUrl)} alt={text(card.imageAlt)} /> : null}
      <div className={styles.cardBody}>
        <h4 className={styles.cardTitle}>{text(card.title)}</h4>
        {card.subtitle ? <p className={styles.muted}>{text(card.subtitle)}</p> : null}
        {card.text ? <p>{text(card.text)}</p> : null}
        <ChoiceButtons buttons={items(card.buttons)} onSend={onSend} />
      </div>
    </article>
  );
}

function Carousel({ cards, onSend }: { cards: Item[]; onSend: (value: string) => void }): ReactNode {
  const track = useRef<HTMLDivElement>(null);
  const scroll = (direction: number) => track.current?.scrollBy({ left: direction * 240, behavior: 'smooth' });
  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label="Cards">
      <button type="button" className={styles.carouselNav} aria-label="Previous card" onClick={() => scroll(-1)}>
        ‹
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a focusable scroll region that arrow keys scroll */}
      <div
        ref={track}
        className={styles.carouselTrack}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable region must be reachable for arrow keys
        tabIndex={0}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') scroll(1);
          if (event.key === 'ArrowLeft') scroll(-1);
        }}
      >
        {cards.map((card, index) => (
          <section
            // biome-ignore lint/suspicious/noArrayIndexKey: titles may repeat; cards of a static payload never reorder
            key={`${text(card.title)}-${index}`}
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${cards.length}`}
          >
            <Card card={card} onSend={onSend} />
          </section>
        ))}
      </div>
      <button type="button" className={styles.carouselNav} aria-label="Next card" onClick={() => scroll(1)}>
        ›
      </button>
    </section>
  );
}

function Modal({ payload }: { payload: Payload }): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  return (
    <div>
      <button type="button" className={styles.button} onClick={() => dialog.current?.showModal()}>
        {text(payload.buttonLabel)}
      </button>
      <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId}>
        <h4 id={titleId}>{text(payload.title)}</h4>
        <p>{text(payload.text)}</p>
        <button type="button" className={styles.button} onClick={() => dialog.current?.close()}>
          Close
        </button>
      </dialog>
    </div>
  );
}

function Rating({ payload, onSend }: { payload: Payload; onSend: (value: string) => void }): ReactNode {
  const scale = typeof payload.scale === 'number' ? payload.scale : 5;
  const name = useId();
  const stars = payload.style !== 'numbers';
  return (
    <fieldset className={styles.rating}>
      <legend>{text(payload.text)}</legend>
      {Array.from({ length: scale }, (_, i) => i + 1).map((n) => (
        <label key={n} className={styles.ratingOption}>
          <input type="radio" name={name} value={n} onChange={() => onSend(String(n))} />
          <span aria-hidden="true">{stars ? '★' : n}</span>
          <span className={styles.visuallyHidden}>{`${n} of ${scale}`}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Audio and video, as the widget shows them (native player with controls), loaded only when the
 * reader asks: the page then fetches nothing from the media host, and the portal's
 * Content-Security-Policy (media from its own origin only) is not hit on every page view.
 */
function Media({ payload }: { payload: Payload }): ReactNode {
  const [loaded, setLoaded] = useState(false);
  const video = payload.type === 'video';
  const title = text(payload.title);
  if (!loaded) {
    return (
      <figure className={styles.media}>
        <button type="button" className={styles.mediaPlaceholder} onClick={() => setLoaded(true)}>
          <span aria-hidden="true">▶</span> {video ? 'Play video' : 'Play audio'}: {title}
        </button>
        <figcaption>{video ? title : text(payload.transcript) || title}</figcaption>
      </figure>
    );
  }
  return (
    <figure className={styles.media}>
      {video ? (
        // biome-ignore lint/a11y/useMediaCaption: a captions track is added when the payload has captionsUrl
        <video
          controls
          autoPlay
          src={text(payload.url)}
          poster={payload.posterUrl ? text(payload.posterUrl) : undefined}
          aria-label={title}
        >
          {payload.captionsUrl ? <track kind="captions" src={text(payload.captionsUrl)} default /> : null}
        </video>
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: the transcript below is the text alternative
        <audio controls autoPlay src={text(payload.url)} aria-label={title} />
      )}
      <figcaption>{video ? title : text(payload.transcript) || title}</figcaption>
    </figure>
  );
}

function Body({ payload, onSend }: { payload: Payload; onSend: (value: string) => void }): ReactNode {
  const id = useId();
  switch (payload.type) {
    case 'bubble':
      return <p className={payload.sender === 'agent' ? styles.agentBubble : styles.bubble}>{text(payload.text)}</p>;
    case 'audio':
    case 'video':
      return <Media payload={payload} />;
    case 'image':
      return (
        <figure className={styles.media}>
          <img src={text(payload.url)} alt={text(payload.alt)} className={styles.image} />
          {payload.caption ? <figcaption>{text(payload.caption)}</figcaption> : null}
        </figure>
      );
    case 'buttons':
      return (
        <div>
          {payload.text ? <p className={styles.bubble}>{text(payload.text)}</p> : null}
          <ChoiceButtons buttons={items(payload.buttons)} onSend={onSend} />
        </div>
      );
    case 'quick-reply':
      return (
        <div>
          {payload.text ? <p className={styles.bubble}>{text(payload.text)}</p> : null}
          <div className={styles.chips}>
            {items(payload.replies).map((r) => (
              <button
                key={text(r.label)}
                type="button"
                className={styles.chip}
                onClick={() => onSend(text(r.value ?? r.label))}
              >
                {text(r.label)}
              </button>
            ))}
          </div>
        </div>
      );
    case 'card':
      return <Card card={payload} onSend={onSend} />;
    case 'carousel':
      return <Carousel cards={items(payload.cards)} onSend={onSend} />;
    case 'combo':
      return (
        <div className={styles.field}>
          <label htmlFor={id}>{text(payload.label)}</label>
          <select id={id} defaultValue="" onChange={(event) => onSend(event.target.value)}>
            <option value="" disabled>
              {text(payload.placeholder) || 'Choose…'}
            </option>
            {items(payload.options).map((o) => (
              <option key={text(o.value)} value={text(o.value)}>
                {text(o.label)}
              </option>
            ))}
          </select>
        </div>
      );
    case 'form':
      return (
        <form
          className={styles.form}
          aria-label={text(payload.title) || 'Form'}
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            const values = Object.fromEntries(
              items(payload.fields).map((field) => [text(field.name), data.get(text(field.name))]),
            );
            onSend(JSON.stringify(values));
          }}
        >
          {payload.title ? <h4>{text(payload.title)}</h4> : null}
          {items(payload.fields).map((field) => (
            <div key={text(field.name)} className={styles.field}>
              <label htmlFor={`${id}-${text(field.name)}`}>{text(field.label)}</label>
              <input
                id={`${id}-${text(field.name)}`}
                name={text(field.name)}
                type={text(field.inputType) || 'text'}
                required={field.required === true}
              />
            </div>
          ))}
          <button type="submit" className={styles.button}>
            {text(payload.submitLabel)}
          </button>
        </form>
      );
    case 'link-button':
      return (
        <div>
          {payload.text ? <p className={styles.bubble}>{text(payload.text)}</p> : null}
          <a
            className={`${styles.button} ${styles.primary}`}
            href={text(payload.url)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {text(payload.label)}
          </a>
        </div>
      );
    case 'link-preview':
      return (
        <a className={styles.linkPreview} href={text(payload.url)} target="_blank" rel="noopener noreferrer">
          {payload.siteName ? <span className={styles.muted}>{text(payload.siteName)}</span> : null}
          <strong>{text(payload.title)}</strong>
          {payload.description ? <span>{text(payload.description)}</span> : null}
        </a>
      );
    case 'list': {
      const List = payload.ordered === true ? 'ol' : 'ul';
      return (
        <div className={styles.list}>
          {payload.title ? <h4>{text(payload.title)}</h4> : null}
          <List>
            {items(payload.items).map((item) => (
              <li key={text(item.title)}>
                {item.value ? (
                  <button type="button" className={styles.linkLike} onClick={() => onSend(text(item.value))}>
                    {text(item.title)}
                  </button>
                ) : (
                  <strong>{text(item.title)}</strong>
                )}
                {item.description ? <span className={styles.muted}> — {text(item.description)}</span> : null}
              </li>
            ))}
          </List>
        </div>
      );
    }
    case 'modal':
      return <Modal payload={payload} />;
    case 'rating':
      return <Rating payload={payload} onSend={onSend} />;
    case 'system-message':
      return (
        <p
          className={`${styles.system} ${styles[`system_${text(payload.level) || 'info'}`] ?? ''}`}
          role={payload.level === 'error' ? 'alert' : 'status'}
        >
          {text(payload.text)}
        </p>
      );
    case 'table':
      return (
        <div className={styles.tableWrap}>
          <table>
            <caption>{text(payload.caption)}</caption>
            <thead>
              <tr>
                {(Array.isArray(payload.columns) ? payload.columns : []).map((c) => (
                  <th key={text(c)} scope="col">
                    {text(c)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(Array.isArray(payload.rows) ? payload.rows : []).map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of a static payload never reorder
                <tr key={r}>
                  {(Array.isArray(row) ? row : []).map((cell, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells of a static payload never reorder
                    <td key={c}>{text(cell)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'upload':
      return (
        <div className={styles.field}>
          <label htmlFor={id}>{text(payload.text)}</label>
          <input id={id} type="file" accept={Array.isArray(payload.accept) ? payload.accept.join(',') : undefined} />
          <span className={styles.muted}>
            Up to {typeof payload.maxSizeMb === 'number' ? payload.maxSizeMb : 10} MB
          </span>
        </div>
      );
    default:
      return null;
  }
}

/**
 * A message as the Tala Web Widget renders it. Rendered on the server too, so the page's HTML shows
 * the preview without JavaScript. Give it a validated payload (see ./validate).
 */
export default function MessagePreview({ payload }: { payload: Payload }): ReactNode {
  // What a choice would send to the solution; the preview announces it instead of sending.
  const [sent, send] = useState<string | null>(null);
  return (
    <section
      className={styles.frame}
      aria-label={`Widget preview: ${text(payload.type)} message`}
      // A live preview; the Markdown of the page has the payload as JSON (site/plugins/content/page-markdown).
      data-markdown="omit"
    >
      <div className={styles.message} data-message-type={text(payload.type)}>
        <Body payload={payload} onSend={send} />
      </div>
      <p className={styles.sent} aria-live="polite">
        {sent === null ? '' : `The widget would send: ${sent}`}
      </p>
    </section>
  );
}
