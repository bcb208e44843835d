import type { Language } from '@curio/contract';

/**
 * The fixed words the studio scenes print beside the item's title, in each language the app is
 * written in: the gallery label's second line, the museum plaque's credit line and the cutting mat
 * tag's prefix. The title itself is drawn as the collector typed it. Kept on the server (the images
 * are made there) rather than in the web catalogs.
 */
export const PLACARD_WORDS = {
  en: { collectionPiece: 'Collection piece', privateCollection: 'PRIVATE COLLECTION', prototype: 'PROTOTYPE' },
  'zh-CN': { collectionPiece: '藏品', privateCollection: '私人收藏', prototype: '原型' },
} as const satisfies Record<Language, Record<'collectionPiece' | 'privateCollection' | 'prototype', string>>;

export type PlacardWords = (typeof PLACARD_WORDS)[Language];

/** The words in a language ('en' when none is given). */
export const placardWords = (lang: Language = 'en'): PlacardWords => PLACARD_WORDS[lang];
