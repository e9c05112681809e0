import type { WrapperProps } from '@docusaurus/types';
import { type CardDescriptions, CardDescriptionsProvider } from '@site/src/components/CardDescriptions';
import type DocCategoryGeneratedIndexPageType from '@theme/DocCategoryGeneratedIndexPage';
import DocCategoryGeneratedIndexPage from '@theme-original/DocCategoryGeneratedIndexPage';
import type { ReactNode } from 'react';

type Props = WrapperProps<typeof DocCategoryGeneratedIndexPageType> & { cardDescriptions?: CardDescriptions };

/** The theme's category index page, with its cards' descriptions (its route's `cardDescriptions` prop) for DocCard. */
export default function DocCategoryGeneratedIndexPageWrapper({ cardDescriptions, ...props }: Props): ReactNode {
  return (
    <CardDescriptionsProvider value={cardDescriptions ?? {}}>
      <DocCategoryGeneratedIndexPage {...props} />
    </CardDescriptionsProvider>
  );
}
