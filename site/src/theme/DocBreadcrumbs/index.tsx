import type { WrapperProps } from '@docusaurus/types';
import CopyPageMenu from '@site/src/components/CopyPageMenu';
import type DocBreadcrumbsType from '@theme/DocBreadcrumbs';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import type { ReactNode } from 'react';
import styles from './styles.module.css';

type Props = WrapperProps<typeof DocBreadcrumbsType>;

/** The theme's breadcrumbs with the "Copy page" menu on the same line (a wrapper, not a fork). */
export default function DocBreadcrumbsWrapper(props: Props): ReactNode {
  return (
    <div className={styles.bar}>
      <DocBreadcrumbs {...props} />
      <CopyPageMenu />
    </div>
  );
}
