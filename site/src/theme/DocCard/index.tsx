import type { WrapperProps } from '@docusaurus/types';
import { useCardDescription } from '@site/src/components/CardDescriptions';
import type DocCardType from '@theme/DocCard';
import DocCard from '@theme-original/DocCard';
import type { ReactNode } from 'react';

type Props = WrapperProps<typeof DocCardType>;

/**
 * The theme's card, with a doc link's description from its category page's props instead of the
 * version's doc map, which the build leaves empty (plugins/access/docs-instance/card-descriptions.ts).
 * Without its `docId` the theme does not look the doc up (`useDocById` throws for an id it does not
 * know); the card itself never uses the id otherwise.
 */
export default function DocCardWrapper({ item }: Props): ReactNode {
  const description = useCardDescription(item.type === 'link' ? item.href : undefined);
  if (item.type !== 'link') return <DocCard item={item} />;
  return <DocCard item={{ ...item, docId: undefined, description: item.description ?? description }} />;
}
