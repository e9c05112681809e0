/**
 * What the theme imports from `prism-react-renderer` (`Highlight` in CodeBlock/Content, `Prism` in
 * its prism-include-languages client module), built on the portal's Prism (./prism.ts). Webpack
 * resolves `prism-react-renderer` here in both bundles (../index.ts).
 *
 * Written by hand because prism-react-renderer 2 has no entry point without its bundled Prism: its
 * one module holds Highlight, Prism, twenty grammars and twenty themes. This is its Highlight
 * (MIT, v2.4.1: src/components/highlight.ts, useTokenize, normalizeTokens, themeToDict and the
 * line and token props) with the Prism swapped; the same tree for the same code is checked against
 * the real package in ../__tests__/highlight.test.ts, which fails when an upgrade changes it.
 */
import type {
  LineInputProps,
  PrismTheme,
  Token,
  TokenInputProps,
  Highlight as UpstreamHighlight,
} from 'prism-react-renderer';
import { type CSSProperties, useMemo } from 'react';
import Prism from './prism';

type HighlightProps = Parameters<typeof UpstreamHighlight>[0];
type ThemeDictionary = Record<string, CSSProperties> & { root: CSSProperties; plain: CSSProperties };

function themeToDict(theme: PrismTheme, language: string): ThemeDictionary {
  const dict: Record<string, CSSProperties> = {};
  for (const { languages, style, types } of theme.styles) {
    if (languages && !languages.includes(language as never)) continue;
    for (const type of types) dict[type] = { ...dict[type], ...(style as CSSProperties) };
  }
  return {
    ...dict,
    root: theme.plain as CSSProperties,
    plain: { ...(theme.plain as CSSProperties), backgroundColor: undefined },
  };
}

const NEWLINE = /\r\n|\r|\n/;

function normalizeEmptyLine(line: Token[]): void {
  const only = line[0];
  if (line.length === 0) line.push({ types: ['plain'], content: '\n', empty: true });
  else if (line.length === 1 && only && only.content === '') Object.assign(only, { content: '\n', empty: true });
}

/** Prism's nested token stream as lines of flat tokens carrying their type path. */
function normalizeTokens(stream: (Prism.Token | string)[]): Token[][] {
  let line: Token[] = [];
  const lines = [line];
  const walk = (tokens: (Prism.Token | string)[], parentTypes: string[], top: boolean) => {
    for (const token of tokens) {
      let types = top ? ['plain'] : parentTypes;
      let content: Prism.TokenStream;
      if (typeof token === 'string') content = token;
      else {
        types = appendType(top ? [] : parentTypes, token.type);
        if (token.alias) types = appendType(types, token.alias);
        content = token.content;
      }
      if (typeof content !== 'string') {
        walk(Array.isArray(content) ? content : [content], types, false);
        continue;
      }
      const parts = content.split(NEWLINE);
      line.push({ types, content: parts[0] as string });
      for (const part of parts.slice(1)) {
        normalizeEmptyLine(line);
        line = [{ types, content: part }];
        lines.push(line);
      }
    }
  };
  walk(stream, [], true);
  normalizeEmptyLine(line);
  return lines;
}

function appendType(types: string[], add: string | string[]): string[] {
  return types.length > 0 && types[types.length - 1] === add ? types : types.concat(add);
}

const classNames = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

export function Highlight({
  children,
  language: languageProp,
  code,
  theme,
}: HighlightProps): ReturnType<HighlightProps['children']> {
  const language = languageProp.toLowerCase();
  const dict = useMemo(() => (theme ? themeToDict(theme, language) : undefined), [theme, language]);
  const tokens = useMemo(() => {
    const grammar = Prism.languages[language];
    if (!grammar) return normalizeTokens([code]);
    const env = { code, grammar, language, tokens: [] as (Prism.Token | string)[] };
    Prism.hooks.run('before-tokenize', env);
    env.tokens = Prism.tokenize(code, grammar);
    Prism.hooks.run('after-tokenize', env);
    return normalizeTokens(env.tokens);
  }, [code, language]);

  const getLineProps = ({ className, style, line: _line, ...rest }: LineInputProps) => ({
    ...rest,
    className: classNames('token-line', className),
    style: dict || style ? { ...dict?.plain, ...style } : undefined,
  });
  const tokenStyle = ({ types, empty }: Token): CSSProperties | undefined => {
    if (!dict) return undefined;
    if (types.length === 1 && types[0] === 'plain') return empty ? { display: 'inline-block' } : undefined;
    if (types.length === 1 && empty) return dict[types[0] as string];
    return Object.assign(empty ? { display: 'inline-block' } : {}, ...types.map((type) => dict[type]));
  };
  const getTokenProps = ({ token, className, style, ...rest }: TokenInputProps) => ({
    ...rest,
    className: classNames('token', ...token.types, className),
    children: token.content,
    style: style ? { ...tokenStyle(token), ...style } : tokenStyle(token),
  });

  return children({
    tokens,
    className: `prism-code language-${language}`,
    style: dict?.root ?? {},
    getLineProps,
    getTokenProps,
  });
}

export { Prism };
