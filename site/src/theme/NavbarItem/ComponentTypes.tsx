import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import UserMenuNavbarItem from './UserMenuNavbarItem';

/** Adds the `custom-userMenu` navbar item type (docusaurus.config.ts places it next to search). */
export default {
  ...ComponentTypes,
  'custom-userMenu': UserMenuNavbarItem,
};
