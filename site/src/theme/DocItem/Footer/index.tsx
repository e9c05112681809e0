/**
 * The doc page's footer (theme-classic's DocItem/Footer, wrapped) with "Was this page helpful?"
 * under it: the vote and an optional reason go to `POST {prefix}/api/page-feedback` for the
 * writers' report (`npm run search:report`). In the docs' chunk, not main.js; a few hundred bytes.
 */
import { useLocation } from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Footer from '@theme-original/DocItem/Footer';
import type { ReactNode } from 'react';
import type { TalaCustomFields } from '../../../../config/custom-fields';
import { sendPageFeedback } from '../../../ask/feedback-beacons';
import Feedback from '../../../components/Feedback';
import styles from './styles.module.css';

export default function FooterWrapper(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const { pagesPrefix } = siteConfig.customFields as TalaCustomFields;
  const { pathname } = useLocation();
  return (
    <>
      <Footer />
      <aside className={styles.pageFeedback} aria-label="Page feedback">
        <Feedback
          // A new page, a new vote: the previous page's pending vote is sent as this one unmounts.
          key={pathname}
          question="Was this page helpful?"
          yesLabel="Yes"
          noLabel="No"
          onSend={(helpful, reason) => sendPageFeedback(pagesPrefix, { page: pathname, helpful, reason })}
        />
      </aside>
    </>
  );
}
