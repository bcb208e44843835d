import { useTranslation } from 'react-i18next';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** The e-mail address field of the sign-in, sign-up, code, link and reset forms. */
export function EmailField({ id, value, onChange, error }: { id: string; value: string; onChange: (value: string) => void; error: string | null }) {
  const { t } = useTranslation();
  return (
    <Field id={id} label={t('auth.email')} error={error}>
      <Input
        id={id}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('auth.emailPlaceholder')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={fieldDescribedBy(id, { error })}
      />
    </Field>
  );
}
