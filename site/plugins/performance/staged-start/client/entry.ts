/**
 * The client bundle's entry in place of Docusaurus's `clientEntry.js`, which it runs last. Before
 * it, the largest parts of what `clientEntry` imports are evaluated one per task, with a yield to
 * the browser between them: evaluated as one script, they made the longest main-thread task of
 * every page (React DOM alone is half of `main.js`). Eager imports stay in `main.js` (no chunk, no
 * request); a module runs once, so `clientEntry`'s own imports find them evaluated.
 */
type DocusaurusGlobal = { prefetch: (path: string) => boolean; preload: (path: string) => Promise<unknown> };

/**
 * Until `clientEntry` assigns the real `window.docusaurus`. Core's base-URL banner (an inline
 * script on the home page) shows "Your Docusaurus site did not load properly" at DOMContentLoaded
 * unless the global is defined, and the start now ends after that event. Nothing calls it: links
 * prefetch and preload only once the app has rendered, after `clientEntry` replaced it.
 */
const starting: DocusaurusGlobal = { prefetch: () => false, preload: () => Promise.resolve() };

const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

async function start(): Promise<void> {
  (window as unknown as { docusaurus?: DocusaurusGlobal }).docusaurus ??= starting;
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@generated/client-modules');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/App');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/clientEntry');
}

start().catch((error: unknown) => {
  console.error('The portal could not start:', error);
});
