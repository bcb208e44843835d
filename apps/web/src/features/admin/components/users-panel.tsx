/** The admin panel's Users section (search, roles, tester flag, credits, suspension). */
export function UsersPanel() {
  return null;
}
