import 'prismjs/components/prism-json';
