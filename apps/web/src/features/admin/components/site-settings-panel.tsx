export function SiteSettingsPanel() {
  return null;
}
