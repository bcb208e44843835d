import { emailSchema, passwordSchema } from '@curio/contract';
import { z } from 'zod';
import { CONTRACT_KEYS, filled, type FormKeys } from '@/lib/form';

/** The address of the link, code and reset forms: empty is "required", then the contract's email rule. */
export const emailFormSchema = z.object({ email: filled(emailSchema) });
export type EmailFormValues = z.input<typeof emailFormSchema>;

/** Sign-in and sign-up: the contract's credentials, each field required first. */
export const credentialsFormSchema = z.object({ email: filled(emailSchema), password: filled(passwordSchema, { trim: false }) });
export type CredentialsFormValues = z.input<typeof credentialsFormSchema>;

/** A new password, typed twice (the second is compared once the first is valid). */
export const newPasswordFormSchema = z
  .object({ password: filled(passwordSchema, { trim: false }), confirm: z.string() })
  .refine((v) => v.confirm === v.password, { path: ['confirm'], params: { fieldCode: 'mismatch' }, when: (payload) => !payload.issues.length });
export type NewPasswordFormValues = z.input<typeof newPasswordFormSchema>;

/** Six digits from the mail (spaces typed between them are dropped). */
export const mailedCodeFormSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/)),
});
export type MailedCodeFormValues = z.input<typeof mailedCodeFormSchema>;

export const AUTH_FORM_KEYS: FormKeys = {
  email: CONTRACT_KEYS.email,
  password: CONTRACT_KEYS.password,
  confirm: { mismatch: 'auth.reset.mismatch' },
  code: { required: 'authOtp.codeFormat', invalid_format: 'authOtp.codeFormat' },
};
