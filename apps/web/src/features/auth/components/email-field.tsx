import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** The e-mail address field of the sign-in, sign-up, code, link and reset forms (`field`: the form's `register('email')`). */
export function EmailField({ id, field, error }: { id: string; field: UseFormRegisterReturn; error: string | null }) {
  const { t } = useTranslation();
  return (
    <Field id={id} label={t('auth.email')} error={error}>
      <Input type="email" inputMode="email" autoComplete="email" placeholder={t('auth.emailPlaceholder')} {...field} {...fieldControlProps(id, { error })} />
    </Field>
  );
}
