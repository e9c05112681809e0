/**
 * A built page as parse5 reads it, and the few helpers the readers of that tree share (the search
 * records, the access manifest's scan, the page Markdown): each page is parsed once, without source
 * locations (nothing reports a line; they made every node larger to build and to copy).
 */
import { type DefaultTreeAdapterMap, parse } from 'parse5';

export type HtmlNode = DefaultTreeAdapterMap['node'];
export type HtmlElement = DefaultTreeAdapterMap['element'];
export type HtmlDocument = DefaultTreeAdapterMap['document'];

export const parseBuiltPage = (html: string): HtmlDocument => parse(html);

export const attr = (element: HtmlElement, name: string): string | undefined =>
  element.attrs.find((a) => a.name === name)?.value;

export const classes = (element: HtmlElement): string[] => (attr(element, 'class') ?? '').split(/\s+/);

/**
 * Every element under node (node included), in document order. A `<template>`'s content is not
 * shown, so only a reader that must see everything (the access scan: a script there can be
 * instantiated) asks for it.
 */
export function* elements(node: HtmlNode, intoTemplates = false): Generator<HtmlElement> {
  // A stack, not yield* at each level: a recursive generator passes every element up through each
  // of its ancestors' generators (a tenth of the page pass's time at 25×, bench/scale).
  const stack: HtmlNode[] = [node];
  for (let current = stack.pop(); current !== undefined; current = stack.pop()) {
    if ('tagName' in current) yield current;
    const children =
      intoTemplates && 'content' in current
        ? current.content.childNodes
        : 'childNodes' in current
          ? current.childNodes
          : [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as HtmlNode);
  }
}

/** Whether ancestor is node or holds it. */
export function isInside(node: HtmlElement, ancestor: HtmlElement): boolean {
  for (
    let current: HtmlNode | null = node;
    current;
    current = 'parentNode' in current ? (current.parentNode as HtmlNode | null) : null
  ) {
    if (current === ancestor) return true;
  }
  return false;
}
