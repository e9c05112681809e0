import type { ReactNode } from 'react';

/**
 * The slot for the signed-in reader's menu (name and Logout), next to search.
 * It renders nothing until the portal has OpenID Connect sessions (`/api/session`): with
 * skipAuthentication there is no account to show, as in the seed (§4).
 */
export default function UserMenuNavbarItem(_props: { mobile?: boolean }): ReactNode {
  return null;
}
