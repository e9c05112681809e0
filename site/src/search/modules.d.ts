/** The real `algoliasearch/lite`, aliased by plugins/search/search-client for src/search/lite-client.ts. */
declare module '@tala/algoliasearch-lite-upstream' {
  export * from 'algoliasearch/lite';
}

/** @docsearch/react 3.9 ships these entry points without their own declarations. */
declare module '@docsearch/react/modal' {
  export { DocSearchModal } from '@docsearch/react';
}
declare module '@docsearch/react/style';
