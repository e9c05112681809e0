import { createHash } from 'node:crypto';
import { attr, elements, type HtmlDocument, parseBuiltPage } from '../../post-build/html-tree';

export interface HtmlScan {
  /** CSP sources (`'sha256-…'`) of the inline scripts. */
  inlineScriptHashes: string[];
  /** Same-origin subresources the page loads (scripts, styles, images, media), as absolute paths. */
  subresources: string[];
}

const SUBRESOURCE_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  script: ['src'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  iframe: ['src'],
  object: ['data'],
};
// <link> loads only some relations; `alternate`, `canonical` or `search` are just links.
const LOADING_LINK_RELS = new Set(['stylesheet', 'preload', 'modulepreload', 'prefetch', 'icon', 'manifest']);

function urlsOf(name: string, value: string): string[] {
  return name === 'srcset' ? value.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '') : [value];
}

/** Scans one built HTML page with a real HTML parser. */
export const scanHtml = (html: string): HtmlScan => scanDocument(parseBuiltPage(html));

/** Scans a parsed page (post-build/html-tree.ts), templates' content included. */
export function scanDocument(document: HtmlDocument): HtmlScan {
  const inlineScriptHashes: string[] = [];
  const subresources: string[] = [];
  for (const element of elements(document, true)) {
    if (element.tagName === 'script' && attr(element, 'src') === undefined) {
      const text = element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
      if (text.trim() !== '' && isExecutableScriptType(attr(element, 'type'))) {
        inlineScriptHashes.push(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
      }
    }
    const names =
      element.tagName === 'link'
        ? (attr(element, 'rel') ?? '').split(/\s+/).some((rel) => LOADING_LINK_RELS.has(rel))
          ? ['href']
          : []
        : (SUBRESOURCE_ATTRIBUTES[element.tagName] ?? []);
    for (const name of names) {
      const value = attr(element, name);
      if (value)
        subresources.push(...urlsOf(name, value).filter((url) => url.startsWith('/') && !url.startsWith('//')));
    }
  }
  return { inlineScriptHashes, subresources };
}

/** JSON-LD and other data blocks are not executed, so the CSP need not allow them. */
function isExecutableScriptType(type: string | undefined): boolean {
  return type === undefined || type === '' || type === 'module' || /javascript|ecmascript/i.test(type);
}
