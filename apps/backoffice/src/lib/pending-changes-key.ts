/**
 * The query of the changes waiting for a second admin (docs/backoffice/four-eyes.md): the pending changes screen
 * reads it, and every save that may answer 202 (money settings, reward terms) marks it stale.
 */
export const pendingChangesKey = ['backoffice', 'pending-changes'] as const;
