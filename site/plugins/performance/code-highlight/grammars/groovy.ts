// groovy extends clike, whose class-name pattern prism-javascript rewrites in place: so that
// groovy reads the same on every page, JavaScript (with the rest of web, in its order) comes first.
import './web';
import 'prismjs/components/prism-groovy';
