// Every grammar, in the order the groups would load them: for tests and tools that highlight any page.
import './web';
import './json';
import './bash';
import './yaml';
import './groovy';
import './http';
import './python';
