import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import type { ReactNode } from 'react';

/** The not-found page (spec/seed.md §2): says what happened and offers a way on. */
export default function NotFoundContent({ className }: { className?: string }): ReactNode {
  return (
    <main className={`container margin-vert--xl ${className ?? ''}`}>
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            Page Not Found
          </Heading>
          <p>We could not find a page at this address. It may have moved when the documentation was reorganised.</p>
          <p>
            Use the search box at the top of the page (Ctrl+K), or start again from the{' '}
            <Link to="/">documentation home</Link>.
          </p>
        </div>
      </div>
    </main>
  );
}
