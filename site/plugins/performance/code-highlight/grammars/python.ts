import 'prismjs/components/prism-python';
