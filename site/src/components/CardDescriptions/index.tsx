import { createContext, type ReactNode, useContext } from 'react';

/**
 * The descriptions of the doc cards on a category index page, by link: that page's own props
 * (plugins/access/docs-instance/card-descriptions.ts), not the docs version's props that every
 * docs page loads. DocCategoryGeneratedIndexPage provides them, DocCard reads them.
 */
export type CardDescriptions = Readonly<Record<string, string>>;

const Context = createContext<CardDescriptions>({});

export function CardDescriptionsProvider({ value, children }: { value: CardDescriptions; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useCardDescription(href: string | undefined): string | undefined {
  const descriptions = useContext(Context);
  return href === undefined ? undefined : descriptions[href];
}
