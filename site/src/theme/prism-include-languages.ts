/**
 * Swizzled (the theme's documented way to choose Prism languages): a no-op. The grammars are built
 * into the portal's Prism (plugins/performance/code-highlight), so nothing is added at run time; the theme's
 * version would `require` from a `prismjs/components` context, which with no additional languages
 * pulls in Prism's whole language catalogue (its `index.js`).
 */
export default function prismIncludeLanguages(): void {}
