// HTML/XML, CSS and JavaScript, in Prism's dependency order: markup first, so that css and
// javascript add themselves to HTML's <style> and <script>; the extras as prism-react-renderer has them.
import 'prismjs/components/prism-markup';
import 'prismjs/components/prism-css';
import 'prismjs/components/prism-css-extras';
import 'prismjs/components/prism-clike';
import 'prismjs/components/prism-javascript';
import 'prismjs/components/prism-js-extras';
