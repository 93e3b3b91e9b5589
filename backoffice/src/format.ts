/** Display formatting shared by every screen (one formatter per app, STYLE.md). */

/** The letter shown in a user's avatar. */
export function userInitial(name: string | undefined): string {
  return name?.trim().charAt(0).toUpperCase() || '?';
}
