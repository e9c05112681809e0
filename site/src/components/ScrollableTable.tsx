import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A table that may scroll sideways inside the page (Infima's tables do; the portal's own tables do
 * on a phone). A scrolling region must be reachable by keyboard (WCAG 2.1.1, axe
 * scrollable-region-focusable), so a table that overflows becomes focusable (arrow keys then
 * scroll it). Tables that fit stay out of the tab order.
 */
export default function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  const ref = useRef<HTMLTableElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const table = ref.current;
    if (!table) return;
    const measure = () => setOverflows(table.scrollWidth > table.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(table);
    return () => observer.disconnect();
  }, []);
  return <table ref={ref} {...props} tabIndex={overflows ? 0 : undefined} />;
}
