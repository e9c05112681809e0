/**
 * Role names as they arrive in the ID token's `roles` claim (Microsoft Entra ID app roles).
 * Seed (spec/seed.md §6): `Documentation.Onprem` opens `/on-prem/`; any signed-in reader sees the rest.
 */
export const ROLES = {
  onprem: 'Documentation.Onprem',
  reader: 'Documentation.Reader',
} as const;
