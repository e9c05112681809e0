/**
 * @docusaurus/core's `lib/client/prefetch.js` (3.10.2, MIT, Facebook, Inc. and its affiliates),
 * asking for each URL once: `docusaurus.prefetch` passes the chunks of every matched route, and the
 * layout routes' chunks are the same for every link of a page (../index.ts).
 */
function supports(feature: string): boolean {
  try {
    return document.createElement('link').relList.supports(feature);
  } catch {
    return false;
  }
}

function linkPrefetchStrategy(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (typeof document === 'undefined') {
      reject();
      return;
    }
    const link = document.createElement('link');
    link.setAttribute('rel', 'prefetch');
    link.setAttribute('href', url);
    link.onload = () => resolve();
    link.onerror = () => reject();
    const parentElement =
      document.getElementsByTagName('head')[0] ?? document.getElementsByName('script')[0]?.parentNode;
    parentElement?.appendChild(link);
  });
}

function xhrPrefetchStrategy(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = new XMLHttpRequest();
    req.open('GET', url, true);
    req.withCredentials = true;
    req.onload = () => {
      if (req.status === 200) resolve();
      else reject();
    };
    req.send(null);
  });
}

const supportedPrefetchStrategy = supports('prefetch') ? linkPrefetchStrategy : xhrPrefetchStrategy;
const requested = new Map<string, Promise<void>>();

export default function prefetch(url: string): Promise<void> {
  let request = requested.get(url);
  if (!request) {
    request = supportedPrefetchStrategy(url).catch(() => {}); // 404s are logged to the console anyway.
    requested.set(url, request);
  }
  return request;
}
