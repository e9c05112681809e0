import 'prismjs/components/prism-bash';
