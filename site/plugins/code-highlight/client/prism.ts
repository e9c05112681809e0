/**
 * The portal's Prism: the core and the grammars the docs use (../languages.ts), nothing else.
 * prism-react-renderer ships its own Prism with some twenty grammars and all its themes in one
 * module; evaluating it cost every page about 390 ms of main-thread time at 4× CPU throttling
 * (issue 17, bench:pages:profile), the largest single item in main.js.
 */
import './prism-global';
import Prism from 'prismjs/components/prism-core';
import 'prismjs/components/prism-markup';
import 'prismjs/components/prism-css';
// prism-react-renderer's css has these extras too (selectors, custom properties, colours).
import 'prismjs/components/prism-css-extras';
import 'prismjs/components/prism-clike';
import 'prismjs/components/prism-javascript';
// prism-react-renderer's javascript has these extras (DOM globals, methods, class names); kept so
// that code looks the same as with the theme's Prism.
import 'prismjs/components/prism-js-extras';
import 'prismjs/components/prism-json';
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-groovy';
import 'prismjs/components/prism-yaml';
import 'prismjs/components/prism-http';

// The grammars register themselves on the global; the page keeps no global Prism afterwards.
delete (globalThis as { Prism?: unknown }).Prism;

export default Prism;
