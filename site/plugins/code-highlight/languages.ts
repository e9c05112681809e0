/**
 * The code-fence languages the docs use. Highlighted ones have a Prism grammar in client/prism.ts
 * (keep the two lists in step); plain ones are shown as text on purpose (our own languages have no
 * grammar yet, and Mermaid fences become diagrams). A test fails when a page uses a language in
 * neither list, so a writer who adds ```python learns to add it here.
 */
export const HIGHLIGHTED_LANGUAGES = [
  'bash',
  'css',
  'groovy',
  'html',
  'http',
  'javascript',
  'js',
  'json',
  'markup',
  'sh',
  'shell',
  'xml',
  'yaml',
  'yml',
] as const;

export const PLAIN_LANGUAGES = ['text', 'tql', 'condition', 'tlml', 'mermaid'] as const;
