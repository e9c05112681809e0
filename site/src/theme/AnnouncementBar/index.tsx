import { useAnnouncementBar } from '@docusaurus/theme-common/internal';
import type { WrapperProps } from '@docusaurus/types';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import { type ReactNode, useEffect } from 'react';

type Props = WrapperProps<typeof AnnouncementBar>;

/**
 * The theme's bar, plus one fix. Its inline script hides the bar before hydration when *any*
 * announcement was dismissed, without comparing ids; the provider then reopens a new announcement,
 * but the attribute keeps it hidden until the next page load. Seed §2: dismissal holds only until
 * the id changes, so clear the attribute once the provider has decided the bar is active.
 */
export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const { isActive } = useAnnouncementBar();
  useEffect(() => {
    if (isActive) document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'false');
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}
