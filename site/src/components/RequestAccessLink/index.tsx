import type { ReactNode } from 'react';
import { useRequestAccessUrl } from '../../runtime-config/hooks';

/**
 * The 'Request Access' link (spec/seed.md §2). Without a configured request-access URL it is plain text,
 * worded so that the surrounding sentence still reads.
 */
export default function RequestAccessLink({ className }: { className?: string }): ReactNode {
  const url = useRequestAccessUrl();
  if (url === null) {
    return <span className={className}>Request Access</span>;
  }
  return (
    <a className={className} href={url} target="_blank" rel="noopener noreferrer">
      Request Access
    </a>
  );
}
