import 'prismjs/components/prism-yaml';
