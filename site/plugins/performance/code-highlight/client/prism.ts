/**
 * The portal's Prism core, in main.js. Grammars are not here: each page's chunk imports the ones its
 * code blocks use (../grammars/, added by ../remark.ts; components import theirs), so a page without
 * code evaluates none (15 ms of grammar definitions unthrottled, about 60 ms at 4× CPU).
 * prism-react-renderer ships its own Prism with some twenty grammars and all its themes in one
 * module; evaluating it cost every page about 390 ms of main-thread time at 4× CPU throttling
 * (bench:pages:profile), the largest single item in main.js.
 */
import './prism-global';
import Prism from 'prismjs/components/prism-core';

// Core sets itself as a global; the page keeps none (grammars reach it through ProvidePlugin).
delete (globalThis as { Prism?: unknown }).Prism;

export default Prism;
