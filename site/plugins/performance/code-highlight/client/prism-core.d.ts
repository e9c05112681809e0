// prismjs ships no types for its component files; the core is the same object as 'prismjs'.
declare module 'prismjs/components/prism-core' {
  import Prism from 'prismjs';
  export default Prism;
}
