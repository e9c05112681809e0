import { matchPath, useLocation } from '@docusaurus/router';
import type { WrapperProps } from '@docusaurus/types';
import type DocVersionRootType from '@theme/DocVersionRoot';
import DocVersionRoot from '@theme-init/DocVersionRoot';
import { type ReactNode, useMemo } from 'react';
import { GROUP_ATTRIBUTE, sidebarGroup } from '../../client/sidebar-groups';

type Props = WrapperProps<typeof DocVersionRootType>;
type DocRoute = { path?: string; exact?: boolean; sidebar?: string; [GROUP_ATTRIBUTE]?: string };

/** The doc route under the version's doc roots that the path matches, as the theme's `useDocRootMetadata` finds it. */
function matchedDocRoute(route: Props['route'], pathname: string): DocRoute | undefined {
  for (const docRoot of route.routes ?? []) {
    const found = (docRoot.routes ?? []).find((docRoute) => matchPath(pathname, docRoute));
    if (found) return found as DocRoute;
  }
  return undefined;
}

/**
 * The theme's DocVersionRoot, with the version's sidebars holding the current page's group only:
 * the build leaves `docsSidebars` empty and gives each doc route its group's items as a module
 * (../../sidebar-groups.ts), loaded with the page. The theme reads `docsSidebars[route.sidebar]`
 * in `useDocRootMetadata`, under this provider. The docs-instance plugin provides this component
 * (`getThemePath`), so that a site using the plugin gets both halves; it wraps the theme's
 * (`@theme-init`), and a site's own swizzle would wrap this one.
 */
export default function DocVersionRootWithGroupSidebar(props: Props): ReactNode {
  const { pathname } = useLocation();
  const docRoute = matchedDocRoute(props.route, pathname);
  const sidebar = docRoute?.sidebar;
  const group = docRoute?.[GROUP_ATTRIBUTE];
  const version = useMemo(() => {
    const items = group ? sidebarGroup(group) : undefined;
    return sidebar && items ? { ...props.version, docsSidebars: { [sidebar]: items } } : props.version;
  }, [props.version, sidebar, group]);
  return <DocVersionRoot {...props} version={version} />;
}
