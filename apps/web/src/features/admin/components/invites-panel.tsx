export function InvitesPanel() {
  return null;
}
