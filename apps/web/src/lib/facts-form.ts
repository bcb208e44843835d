import { itemFactsInputSchema, type ItemFacts } from '@curio/contract';
import { z } from 'zod';
import { everyCode, type FormKeys } from './form';

/** An item's facts as the form holds them: every box a text (numbers as typed), the condition '' when unset. */
export type FactsFormValues = {
  maker: string;
  line: string;
  character: string;
  year: string;
  scale: string;
  edition: { number: string; of: string };
  /** One of ITEM_CONDITIONS, or '' for unset. */
  condition: string;
  barcode: string;
};

export const EMPTY_FACTS_FORM: FactsFormValues = {
  maker: '',
  line: '',
  character: '',
  year: '',
  scale: '',
  edition: { number: '', of: '' },
  condition: '',
  barcode: '',
};

/** The form's values for facts as answered (an item being edited, an unfinished item resumed). */
export function factsFormValues(facts: ItemFacts): FactsFormValues {
  return {
    maker: facts.maker ?? '',
    line: facts.line ?? '',
    character: facts.character ?? '',
    year: facts.year === null ? '' : String(facts.year),
    scale: facts.scale ?? '',
    edition: { number: facts.edition ? String(facts.edition.number) : '', of: facts.edition ? String(facts.edition.of) : '' },
    condition: facts.condition ?? '',
    barcode: facts.barcode ?? '',
  };
}

/** Whether any fact is filled in (the details open by themselves then). */
export const anyFact = (v: FactsFormValues) =>
  [v.maker, v.line, v.character, v.year, v.scale, v.edition.number, v.edition.of, v.condition, v.barcode].some((s) => s.trim() !== '');

/** A number as typed: blank is unset (null); anything else is read as a number (not one fails the contract's rule). */
const typed = (v: string): number | null => (v.trim() === '' ? null : Number(v.trim()));

/** The boxes as the contract's input: numbers read, an edition null when both of its boxes are blank. */
function typedFacts(v: FactsFormValues) {
  const number = typed(v.edition.number);
  const of = typed(v.edition.of);
  return {
    maker: v.maker,
    line: v.line,
    character: v.character,
    year: typed(v.year),
    scale: v.scale,
    edition: number === null && of === null ? null : { number: number ?? undefined, of: of ?? undefined },
    condition: v.condition || null,
    barcode: v.barcode,
  };
}

/**
 * The facts by the contract's rules (itemFactsInputSchema), from the form's texts: the same checks and codes
 * as the server, at the same paths (`edition.number`), so the server's codes land on the same boxes. An
 * edition needs both numbers: one left blank is `required`.
 */
export const factsFormSchema = z
  .object({
    maker: z.string(),
    line: z.string(),
    character: z.string(),
    year: z.string(),
    scale: z.string(),
    edition: z.object({ number: z.string(), of: z.string() }),
    condition: z.string(),
    barcode: z.string(),
  })
  .transform(typedFacts)

  // The contract's schema reads what typedFacts makes of the boxes (its declared input is the API's, looser).
  .pipe(itemFactsInputSchema as unknown as z.ZodType<z.output<typeof itemFactsInputSchema>, ReturnType<typeof typedFacts>>);

/** The catalog keys of the facts' codes, under the form's name for them (`facts`). */
export function factsKeys(prefix: string): FormKeys {
  const unsafe = { unsafe_text: 'facts.errors.unsafeText' };
  const name = { ...everyCode('facts.errors.nameTooLong'), ...unsafe };
  const edition = { ...everyCode('facts.errors.editionNumber'), required: 'facts.errors.editionBoth', invalid_type: 'facts.errors.editionBoth' };
  return {
    [`${prefix}.maker`]: name,
    [`${prefix}.line`]: name,
    [`${prefix}.character`]: name,
    [`${prefix}.year`]: everyCode('facts.errors.year'),
    [`${prefix}.scale`]: { ...everyCode('facts.errors.scaleTooLong'), ...unsafe },
    // A box left blank (or not a number) beside a filled one is not a number at all: both are asked for.
    [`${prefix}.edition.number`]: { ...edition, too_big: 'facts.errors.editionNumberTooBig' },
    [`${prefix}.edition.of`]: edition,
    [`${prefix}.condition`]: everyCode('facts.errors.condition'),
    [`${prefix}.barcode`]: everyCode('facts.errors.barcode'),
  };
}
