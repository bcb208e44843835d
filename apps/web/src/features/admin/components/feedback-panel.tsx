export function FeedbackPanel() {
  return null;
}
