// http highlights a message body with the grammars present when it is defined (JSON, XML, HTML,
// CSS, JavaScript), so they come first.
import './web';
import './json';
import 'prismjs/components/prism-http';
