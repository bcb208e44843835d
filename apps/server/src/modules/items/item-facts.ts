import type { ItemCondition, ItemFacts, ItemFactsPatch } from '@curio/contract';

/** The item's fact columns (items.schema.ts), as a row has them. */
export interface FactColumns {
  maker: string | null;
  line: string | null;
  characterName: string | null;
  year: number | null;
  scale: string | null;
  editionNumber: number | null;
  editionOf: number | null;
  condition: ItemCondition | null;
  barcode: string | null;
}

/** The item's facts as the contract answers them, from its columns. */
export function factsOf(row: FactColumns): ItemFacts {
  return {
    maker: row.maker,
    line: row.line,
    character: row.characterName,
    year: row.year,
    scale: row.scale,
    edition: row.editionNumber !== null && row.editionOf !== null ? { number: row.editionNumber, of: row.editionOf } : null,
    condition: row.condition,
    barcode: row.barcode,
  };
}

/**
 * The columns to write for a change of facts: only the keys given (a key left out stays as it is). Parsed input has
 * already turned blanks into null.
 */
export function factColumns(facts: ItemFactsPatch): Partial<FactColumns> {
  const set: Partial<FactColumns> = {};
  if (facts.maker !== undefined) set.maker = facts.maker;
  if (facts.line !== undefined) set.line = facts.line;
  if (facts.character !== undefined) set.characterName = facts.character;
  if (facts.year !== undefined) set.year = facts.year;
  if (facts.scale !== undefined) set.scale = facts.scale;
  if (facts.edition !== undefined) {
    set.editionNumber = facts.edition?.number ?? null;
    set.editionOf = facts.edition?.of ?? null;
  }
  if (facts.condition !== undefined) set.condition = facts.condition;
  if (facts.barcode !== undefined) set.barcode = facts.barcode;
  return set;
}
