import ScrollableTable from '@site/src/components/ScrollableTable';
import MDXComponents from '@theme-original/MDXComponents';

/** The docs' tables scroll inside the page when they are wide, reachable by keyboard then. */
export default { ...MDXComponents, table: ScrollableTable };
