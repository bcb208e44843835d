import { useTranslation } from 'react-i18next';

/**
 * The space between a label and its "(optional)": a Latin bracket needs one; a full-width bracket
 * (Chinese（选填）) carries its own white space in the glyph, so a space before it makes a double gap.
 */
export function optionalGap(mark: string): string {
  return /^[\u3000-\u303f\uff00-\uffef]/.test(mark) ? '' : ' ';
}

/**
 * "(optional)" after a field's label, muted: `{label}<OptionalMark />`. The gap before it is a real
 * space where one belongs, so the accessible name reads "Tags (optional)" and "标签（选填）".
 * `text` is a page's own wording of it (default `common.optional`).
 */
export function OptionalMark({ text }: { text?: string }) {
  const { t } = useTranslation();
  const mark = text ?? t('common.optional');
  return (
    <>
      {optionalGap(mark)}
      <span className="font-normal text-muted-foreground">{mark}</span>
    </>
  );
}
