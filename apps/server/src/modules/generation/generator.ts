import type { ImageTreatment, Language, PhotoRole, Style } from '@curio/contract';

export interface GeneratorPhoto {
  role: PhotoRole;
  /** The subject on a transparent background (PNG with alpha). */
  cutout: Buffer;
  /** The cleaned photo itself. */
  photo: Buffer;
}

export interface GenerationRequest {
  style: Style;
  title: string;
  photos: GeneratorPhoto[];
  /** Stable for the same input, so the same request renders the same images. */
  seed: string;
  /**
   * The collector's language, for the fixed words drawn on the images ("Collection piece", "PRIVATE
   * COLLECTION", …); 'en' when absent. Not part of the seed: the same item in either language is the
   * same picture with its words translated.
   */
  lang?: Language;
}

export interface GenerationResult {
  images: Buffer[];
  /** How the item was shown (its cut-out, or the photo as a framed print); null when a model staged the photos itself. */
  treatment: ImageTreatment | null;
}

/** Makes the five styled variants of one request. */
export interface Generator {
  readonly name: string;
  generate(req: GenerationRequest): Promise<GenerationResult>;
}

export class GenerationError extends Error {}
