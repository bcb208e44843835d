import { STORAGE_KEYS } from '@curio/contract';

export type ConsentChoice = 'accepted' | 'declined';

export function readConsent(): ConsentChoice | null {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.consent);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

export function writeConsent(choice: ConsentChoice) {
  try {
    localStorage.setItem(STORAGE_KEYS.consent, choice);
  } catch {
    /* storage unavailable */
  }
}
