import { themes } from 'prism-react-renderer';

/**
 * GitHub's light code theme (the one the portal had) with the token colours that fell below WCAG
 * 1.4.3's 4.5:1 on its #f6f8fa background darkened in the same hue (axe-core's color-contrast;
 * measured by `npm run bench:a11y`). Before → after, contrast on the code background.
 */
const DARKER: Readonly<Record<string, string>> = {
  '#999988': '#636c76', // comments: 2.71 → 5.01
  '#e3116c': '#b8105a', // strings: 4.32 → 6.05
  '#36acaa': '#007474', // numbers, variables, properties: 2.58 → 5.26
  '#00a4db': '#0a6fa8', // keywords, attribute names: 2.69 → 5.12
  '#d73a49': '#b62230', // functions, tags: 4.30 → 6.05
};

export const codeTheme: typeof themes.github = {
  ...themes.github,
  styles: themes.github.styles.map((entry) => ({
    ...entry,
    style: { ...entry.style, ...(entry.style.color ? { color: DARKER[entry.style.color] ?? entry.style.color } : {}) },
  })),
};
