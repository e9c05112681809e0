/**
 * The code-fence languages the docs use. Highlighted ones have a Prism grammar in a group of
 * ./grammars/ (GRAMMAR_GROUP says which); plain ones are shown as text on purpose (our own languages
 * have no grammar yet, and Mermaid fences become diagrams). A test fails when a page uses a language
 * in neither list, so a writer who adds ```python learns to add it here.
 */
export const GRAMMAR_GROUP = {
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  css: 'web',
  html: 'web',
  markup: 'web',
  xml: 'web',
  javascript: 'web',
  js: 'web',
  json: 'json',
  groovy: 'groovy',
  http: 'http',
  yaml: 'yaml',
  yml: 'yaml',
  python: 'python',
  py: 'python',
} as const;

export type HighlightedLanguage = keyof typeof GRAMMAR_GROUP;
export type GrammarGroup = (typeof GRAMMAR_GROUP)[HighlightedLanguage];

export const HIGHLIGHTED_LANGUAGES = Object.keys(GRAMMAR_GROUP) as HighlightedLanguage[];

export const PLAIN_LANGUAGES = ['text', 'tql', 'condition', 'tlml', 'mermaid'] as const;

/** The module a page imports for a group's grammars (resolved by the bundler, both bundles). */
export const grammarModule = (group: GrammarGroup) => `@site/plugins/performance/code-highlight/grammars/${group}`;

/** The group of a fence's language, if it is highlighted (`undefined` for plain or unknown). */
export function grammarGroupOf(language: string | null | undefined): GrammarGroup | undefined {
  const key = language?.toLowerCase();
  return key && Object.hasOwn(GRAMMAR_GROUP, key) ? GRAMMAR_GROUP[key as HighlightedLanguage] : undefined;
}
